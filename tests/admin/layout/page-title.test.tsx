import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminContext, memoryStore } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { enMessages } from '../../../locales/en/console';
import { DEFAULT_PRODUCT_NAME } from '../../../locales/product';
import { loadMessages } from '../../../admin/providers/i18nProvider';
import { pageTitleKey, useDocumentTitle } from '../../../admin/layout/pageTitle';

function Titled({ path }: { path: string }) {
  useDocumentTitle(pageTitleKey(path));
  return null;
}

const renderAt = (path: string, locale: 'en' | 'de') => {
  const i18nProvider = polyglotI18nProvider((language) => (language === 'de' ? loadMessages('de') : enMessages), 'en');
  return render(
    <AdminContext i18nProvider={i18nProvider} store={memoryStore({ locale })}>
      <Titled path={path} />
    </AdminContext>,
  );
};

describe('a title per page in the user language', () => {
  it('names each page after its navigation entry', () => {
    expect(pageTitleKey('/devices/12/show')).toBe('app.nav.devices');
    expect(pageTitleKey('/devices/import')).toBe('app.import.title');
    expect(pageTitleKey('/api-keys')).toBe('app.nav.api_keys');
    expect(pageTitleKey('/tenants')).toBe('app.nav.tenants');
    expect(pageTitleKey('/')).toBe('app.nav.dashboard');
    expect(pageTitleKey('/no-such-page')).toBeNull();
  });

  it('English and German tab titles end in the one product name', async () => {
    const { unmount } = renderAt('/gateways', 'en');
    await waitFor(() => expect(document.title).toBe(`Gateways · ${DEFAULT_PRODUCT_NAME}`));
    unmount();
    renderAt('/settings', 'de');
    await waitFor(() => expect(document.title).toBe(`Einstellungen · ${DEFAULT_PRODUCT_NAME}`));
  });

  it('a page without an entry is titled with the product name alone', async () => {
    renderAt('/no-such-page', 'en');
    await waitFor(() => expect(document.title).toBe(DEFAULT_PRODUCT_NAME));
  });
});
