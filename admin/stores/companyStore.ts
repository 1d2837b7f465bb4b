import type { Company, Tenant } from '../types/api';
import { withFallback } from './appError';
import { Observable, pollUntil } from './observable';
import { STORAGE_KEYS, readItem, removeItem, writeItem } from './storage';

/** What the company store asks of the API; the data provider implements it (App.tsx connects them). */
export interface CompanyApi {
  /** Every company of the user, sorted by name. */
  myCompanies(): Promise<Company[]>;
  tenant(id: string): Promise<Tenant>;
}

export interface CompanyState {
  companies: Company[];
  selectedCompanyId: string | null;
  tenant: Tenant | null;
  initialised: boolean;
  error: Error | null;
}

const EMPTY: CompanyState = { companies: [], selectedCompanyId: null, tenant: null, initialised: false, error: null };

/** Company data of spec §4: the list, the selected company (saved as selectedCompanyId), its tenant. */
export class CompanyStore extends Observable<CompanyState> {
  private api: CompanyApi | null;

  constructor(api: CompanyApi | null = null) {
    super(EMPTY);
    this.api = api;
  }

  /** Gives the store the API it reads through (the app's data provider). */
  connect(api: CompanyApi): void {
    this.api = api;
  }

  /** First load: restore the saved selection if still listed, else select (and save) the first. */
  async load(): Promise<void> {
    let companies: Company[];
    try {
      companies = await this.connectedApi().myCompanies();
    } catch (error) {
      const failure = withFallback(error, 'app.errors.failedFetchCompanies');
      this.setState({ error: failure });
      throw failure;
    }
    const saved = readItem(STORAGE_KEYS.selectedCompanyId);
    const selected = companies.find((company) => company.id === saved) ?? companies[0] ?? null;
    if (selected && selected.id !== saved) writeItem(STORAGE_KEYS.selectedCompanyId, selected.id);
    this.setState({ companies, selectedCompanyId: selected?.id ?? null, initialised: true, error: null });
    await this.loadTenant();
  }

  /** Re-fetches the list; keeps a still-listed selection, else picks the first or clears it. */
  async refresh(): Promise<void> {
    let companies: Company[];
    try {
      companies = await this.connectedApi().myCompanies();
    } catch (error) {
      throw withFallback(error, 'app.errors.failedRefreshCompanies');
    }
    const current = this.state.selectedCompanyId;
    let selectedCompanyId = current;
    if (companies.length === 0) {
      selectedCompanyId = null;
      removeItem(STORAGE_KEYS.selectedCompanyId);
    } else if (!current || !companies.some((company) => company.id === current)) {
      selectedCompanyId = companies[0].id;
      writeItem(STORAGE_KEYS.selectedCompanyId, selectedCompanyId);
    }
    this.setState({ companies, selectedCompanyId, initialised: true, error: null });
    await this.loadTenant();
  }

  /** Selects a listed company; an unlisted id only logs a warning. */
  async select(companyId: string): Promise<void> {
    if (!this.state.companies.some((company) => company.id === companyId)) {
      console.warn(`Company ${companyId} is not in the list of companies; selection unchanged`);
      return;
    }
    writeItem(STORAGE_KEYS.selectedCompanyId, companyId);
    this.setState({ selectedCompanyId: companyId });
    await this.loadTenant();
  }

  reset(): void {
    removeItem(STORAGE_KEYS.selectedCompanyId);
    this.setState(EMPTY);
  }

  selectedCompany(): Company | null {
    return this.state.companies.find((company) => company.id === this.state.selectedCompanyId) ?? null;
  }

  waitUntilInitialised(): Promise<void> {
    return pollUntil(
      () => this.state.initialised,
      () => this.state.error,
    );
  }

  /** Loads the selected company's tenant for branding; any failure leaves the tenant empty. */
  async loadTenant(): Promise<void> {
    const tenantId = this.selectedCompany()?.tenant_id ?? null;
    if (!tenantId) {
      this.setState({ tenant: null });
      return;
    }
    try {
      const tenant = await this.connectedApi().tenant(tenantId);
      // The selection may have changed while the tenant was loading.
      if (this.selectedCompany()?.tenant_id === tenantId) this.setState({ tenant });
    } catch (error) {
      console.error('Could not load the tenant of the selected company', error);
      this.setState({ tenant: null });
    }
  }

  private connectedApi(): CompanyApi {
    if (!this.api) throw new Error('The company store is not connected to the data provider');
    return this.api;
  }
}

export const companyStore = new CompanyStore();
