import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../../admin/providers/dataProvider';
import { CompanyStore } from '../../../admin/stores/companyStore';
import { jsonResponse } from '../helpers';

const acme = { id: 'c1', name: 'Acme', tenant_id: 't1' };
const beta = { id: 'c2', name: 'Beta', tenant_id: null };
const tenant = { id: 't1', name: 'Reseller', logo_url: null, color_hex: '#3B82F6' };

/** The store reads the API through the app's data provider, which calls the stubbed fetch. */
const api = createDataProvider({ companyId: () => null });

/** A fake API: the company list it answers can change between calls. */
function fakeApi(companies: { current: unknown[] }, tenantStatus = 200) {
  const fetch = vi.fn(async (url: string) => {
    if (url.startsWith('/api/company/')) return jsonResponse({ count: companies.current.length, results: companies.current });
    if (url.startsWith('/api/tenant/')) return tenantStatus === 200 ? jsonResponse(tenant) : jsonResponse({ code: 'notFound', message: 'no' }, tenantStatus);
    return jsonResponse({ code: 'notFound', message: 'no' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('company data (spec §4)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts empty and uninitialised', () => {
    expect(new CompanyStore(api).getState()).toMatchObject({ companies: [], selectedCompanyId: null, tenant: null, initialised: false });
  });

  it('first load restores the saved company if it is still listed, then loads its tenant', async () => {
    fakeApi({ current: [beta, acme] });
    localStorage.setItem('selectedCompanyId', 'c1');
    const store = new CompanyStore(api);
    await store.load();
    expect(store.getState()).toMatchObject({ selectedCompanyId: 'c1', initialised: true, tenant });
  });

  it('first load selects and saves the first company when the saved one vanished', async () => {
    fakeApi({ current: [beta, acme] });
    localStorage.setItem('selectedCompanyId', 'gone');
    const store = new CompanyStore(api);
    await store.load();
    expect(store.getState().selectedCompanyId).toBe('c2');
    expect(localStorage.getItem('selectedCompanyId')).toBe('c2');
    expect(store.getState().tenant).toBeNull();
  });

  it('a failed first load keeps the store uninitialised and reports "Failed to fetch companies" when the error has no text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ code: 'general', message: 'boom' }, 500)),
    );
    const store = new CompanyStore(api);
    await expect(store.load()).rejects.toMatchObject({ status: 500 });
    expect(store.getState()).toMatchObject({ initialised: false });
    await expect(store.waitUntilInitialised()).rejects.toBeTruthy();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    // A body without `results` breaks inside the store: the fallback text applies.
    await expect(new CompanyStore(api).load()).rejects.toMatchObject({ key: 'app.errors.failedFetchCompanies' });
  });

  it('refresh keeps a still-listed selection, replaces a vanished one with the first, clears on an empty list', async () => {
    const companies = { current: [acme, beta] as unknown[] };
    fakeApi(companies);
    const store = new CompanyStore(api);
    await store.load();
    await store.select('c2');
    await store.refresh();
    expect(store.getState().selectedCompanyId).toBe('c2');

    companies.current = [acme];
    await store.refresh();
    expect(store.getState().selectedCompanyId).toBe('c1');
    expect(localStorage.getItem('selectedCompanyId')).toBe('c1');

    companies.current = [];
    await store.refresh();
    expect(store.getState().selectedCompanyId).toBeNull();
    expect(localStorage.getItem('selectedCompanyId')).toBeNull();
  });

  it('refresh with nothing selected picks the first company', async () => {
    const companies = { current: [] as unknown[] };
    fakeApi(companies);
    const store = new CompanyStore(api);
    await store.load();
    expect(store.getState().selectedCompanyId).toBeNull();
    companies.current = [beta, acme];
    await store.refresh();
    expect(store.getState().selectedCompanyId).toBe('c2');
  });

  it('refresh failures carry "Failed to refresh companies" when the error has no text', async () => {
    fakeApi({ current: [acme] });
    const store = new CompanyStore(api);
    await store.load();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 200 })),
    );
    await expect(store.refresh()).rejects.toMatchObject({ key: 'app.errors.failedRefreshCompanies' });
    expect(store.getState().selectedCompanyId).toBe('c1');
  });

  it('selecting an unlisted company only logs a warning', async () => {
    fakeApi({ current: [acme] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = new CompanyStore(api);
    await store.load();
    await store.select('nope');
    expect(warn).toHaveBeenCalled();
    expect(store.getState().selectedCompanyId).toBe('c1');
  });

  it('selecting a listed company saves it and loads its tenant', async () => {
    fakeApi({ current: [beta, acme] });
    const store = new CompanyStore(api);
    await store.load();
    await store.select('c1');
    expect(localStorage.getItem('selectedCompanyId')).toBe('c1');
    expect(store.getState().tenant).toEqual(tenant);
  });

  it('a tenant fetch failure sets the tenant to empty', async () => {
    fakeApi({ current: [acme] }, 500);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const store = new CompanyStore(api);
    await store.load();
    expect(store.getState()).toMatchObject({ selectedCompanyId: 'c1', tenant: null, initialised: true });
  });

  it('reset clears everything and removes the saved id', async () => {
    fakeApi({ current: [acme] });
    const store = new CompanyStore(api);
    await store.load();
    store.reset();
    expect(store.getState()).toMatchObject({ companies: [], selectedCompanyId: null, tenant: null, initialised: false });
    expect(localStorage.getItem('selectedCompanyId')).toBeNull();
  });
});
