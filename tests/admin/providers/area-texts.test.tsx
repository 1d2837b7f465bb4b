import { Suspense } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AdminContext, memoryStore, useTranslate } from 'react-admin';
import { areaTexts, createI18nProvider } from '../../../admin/providers/i18nProvider';
import { lazyScreen } from '../../../admin/common/lazy';
import { pageTitleKey, useDocumentTitle } from '../../../admin/layout/pageTitle';

// Issue #20: the console starts with the shell's texts; the screens' areas (devices, rules, …) come
// with the first screen that shows them, in the language in use. One provider per file: the areas,
// once added, stay for the page's life.
function DeviceScreen() {
  return <h1>{useTranslate()('app.devices.dev_eui_invalid')}</h1>;
}
const LazyDevices = lazyScreen(async () => ({ DeviceScreen }), 'DeviceScreen');

function ImportTitle() {
  useDocumentTitle(pageTitleKey('/devices/import'));
  return null;
}

describe('the screens’ texts load with the first screen', () => {
  it('starts without them, then a screen renders only once they are in, and the page title follows', async () => {
    const provider = await createI18nProvider('de', { areas: false });
    expect(provider.translate('app.settings.title')).toBe('Einstellungen');
    expect(provider.translate('app.devices.dev_eui_invalid')).toBe('app.devices.dev_eui_invalid');

    const { rerender } = render(
      <AdminContext i18nProvider={provider} store={memoryStore({ locale: 'de' })}>
        <ImportTitle />
      </AdminContext>,
    );
    // The frame names a sub-page by a screen's text: the key until the areas come, then the text.
    await waitFor(() => expect(document.title).toMatch(/^app\.import\.title · /));
    rerender(
      <AdminContext i18nProvider={provider} store={memoryStore({ locale: 'de' })}>
        <ImportTitle />
        {/* As in the frame: the screen suspends on its own, the part that names the page does not draw again with it. */}
        <Suspense fallback={null}>
          <LazyDevices />
        </Suspense>
      </AdminContext>,
    );
    expect(await screen.findByRole('heading', { name: 'Die DevEUI muss aus 16 Hexadezimalziffern bestehen.' })).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Geräte aus CSV importieren · /));
    expect(provider.translate('app.rules.new')).toBe('Neue Regel');

    // A language chosen later comes with the areas too.
    await provider.changeLocale('en');
    expect(provider.translate('app.devices.dev_eui_invalid')).toBe('DevEUI must be 16 hexadecimal digits.');
    await expect(areaTexts()).resolves.toBeUndefined();
  });

  it('a language switched while the areas load stays switched (the saved user’s language over the browser’s)', async () => {
    const provider = await createI18nProvider('de', { areas: false });
    const switched = provider.changeLocale('en');
    await Promise.all([switched, areaTexts()]);
    expect(provider.translate('app.settings.title')).toBe('Settings');
    expect(provider.translate('app.devices.dev_eui_invalid')).toBe('DevEUI must be 16 hexadecimal digits.');
  });
});
