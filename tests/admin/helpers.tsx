import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { QueryClient } from '@tanstack/react-query';
import { AdminContext, memoryStore, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { enMessages } from '../../locales/en/console';
import { createDataProvider } from '../../admin/providers/dataProvider';
import { isLanguage, loadMessages, type Language } from '../../admin/providers/i18nProvider';
import { companyStore } from '../../admin/stores/companyStore';
import { userStore } from '../../admin/stores/userStore';
import type { Company } from '../../admin/types/api';

/** Where the router is: rendered so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderOptions {
  path?: string;
  dataProvider?: Partial<DataProvider> & Record<string, unknown>;
  /** The route pattern `ui` is rendered on, e.g. '/companies/:id' for a screen that reads its id. */
  routePath?: string;
  /** The react-admin resource `ui` belongs to, for lists and forms rendered outside a <Resource>. */
  resource?: string;
  /** The language the screen starts in (react-admin's stored locale); English by default. */
  locale?: Language;
}

/** Renders inside react-admin's contexts (English catalogue, memory store) at a given path. */
export function renderInAdmin(ui: ReactElement, { path = '/', dataProvider = {}, routePath = '*', resource, locale }: RenderOptions = {}) {
  const i18nProvider = polyglotI18nProvider((language) => (language === 'en' || !isLanguage(language) ? enMessages : loadMessages(language)), 'en');
  // A failed load shows its error at once instead of after react-query's three retries.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={testDataProvider(dataProvider)}
        i18nProvider={i18nProvider}
        store={memoryStore(locale ? { locale } : {})}
        queryClient={queryClient}
      >
        {children}
      </AdminContext>
    </MemoryRouter>
  );
  return render(
    <>
      <Routes>
        <Route path={routePath} element={resource ? <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider> : ui} />
      </Routes>
      <LocationProbe />
    </>,
    { wrapper },
  );
}

/**
 * Connects the app's user and company stores to a data provider as App.tsx does, so tests that
 * stub `fetch` see the stores read the API through it.
 */
export function connectStores(): void {
  const api = createDataProvider({ companyId: () => companyStore.getState().selectedCompanyId });
  userStore.connect(api);
  companyStore.connect(api);
}

export interface StoreAnswers {
  user?: typeof sampleUser;
  /** What GET /api/company/ lists: the fields a test cares about, the rest as the API sends them. */
  companies?: (Pick<Company, 'id' | 'name' | 'tenant_id'> & Partial<Company>)[];
  /** What GET /tenant/{id}/ answers; without one it answers 404. */
  tenant?: Record<string, unknown>;
}

/**
 * Signs a user in as the session guard does: the stores, connected to a data provider over a
 * stubbed fetch, load the user and the companies (and the selected company's tenant).
 */
export async function signInWith({ user = sampleUser, companies = [], tenant }: StoreAnswers = {}): Promise<void> {
  connectStores();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/user/')) return jsonResponse(user);
      if (url.startsWith('/api/company/')) return jsonResponse({ count: companies.length, results: companies });
      return tenant ? jsonResponse(tenant) : jsonResponse({ code: 'notFound', message: 'Not found' }, 404);
    }),
  );
  await userStore.fetch();
  await companyStore.load();
}

/** Clears what signInWith set up: the stores, what they cached, and the fetch stub. */
export function signOut(): void {
  vi.unstubAllGlobals();
  userStore.reset();
  companyStore.reset();
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const sampleUser = {
  id: 'u1',
  first_name: 'Ada',
  last_name: 'Lovelace',
  emails: ['ada@example.com', 'second@example.com'],
  profile_picture: null,
  is_tenant_enabled: false,
  is_onboarded: true,
  language: 'en',
  is_operator: false,
};
