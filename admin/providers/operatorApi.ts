import type {
  CompanyMember,
  OperatorCompany,
  OperatorCompanyOrdering,
  OperatorCompanyUpdate,
  OperatorTenant,
  OperatorTenantOrdering,
  OperatorUser,
  OperatorUserOrdering,
  Plan,
  TenantUpdate,
} from '../types/api';
import { apiRequest } from './http';

interface Page<T> {
  count: number;
  results: T[];
}

/** Which companies the operator lists; every field left out matches all. */
export interface OperatorCompanyFilter {
  search?: string | undefined;
  plan?: Plan | undefined;
  suspended?: boolean | undefined;
  ordering?: OperatorCompanyOrdering | undefined;
}

export interface OperatorTenantFilter {
  search?: string | undefined;
  ordering?: OperatorTenantOrdering | undefined;
}

export interface OperatorUserFilter {
  search?: string | undefined;
  operator?: boolean | undefined;
  verified?: boolean | undefined;
  ordering?: OperatorUserOrdering | undefined;
}

/** The operator back-office (issue #17), added to the data provider; the API answers 403 to anyone but an operator. */
export interface OperatorApi {
  operatorCompanies(filter: OperatorCompanyFilter, page: number, perPage: number): Promise<Page<OperatorCompany>>;
  /** Changes the plan, or sets (a number) or clears (null) an override. */
  updateOperatorCompany(id: string, change: OperatorCompanyUpdate): Promise<void>;
  suspendCompany(id: string, reason: string): Promise<void>;
  resumeCompany(id: string): Promise<void>;
  operatorCompanyMembers(id: string): Promise<CompanyMember[]>;
  operatorTenants(filter: OperatorTenantFilter, page: number, perPage: number): Promise<Page<OperatorTenant>>;
  updateOperatorTenant(id: string, change: TenantUpdate): Promise<void>;
  operatorUsers(filter: OperatorUserFilter, page: number, perPage: number): Promise<Page<OperatorUser>>;
  /** Grants (true) or revokes (false) a user's operator rights. */
  setOperator(userId: string, operator: boolean): Promise<void>;
}

/** How the data provider turns an API error into react-admin's (its `call`). */
type Call = <T>(run: () => Promise<T>) => Promise<T>;

const companyPath = (id: string) => `/operator/companies/${encodeURIComponent(id)}`;

export function operatorApi(call: Call): OperatorApi {
  return {
    operatorCompanies: (filter, page, perPage) =>
      call(() => apiRequest<Page<OperatorCompany>>('/operator/companies', { query: { ...filter, page, page_size: perPage } })),
    updateOperatorCompany: (id, change) => call(async () => void (await apiRequest(companyPath(id), { method: 'PATCH', body: change }))),
    suspendCompany: (id, reason) => call(async () => void (await apiRequest(`${companyPath(id)}/suspend`, { method: 'POST', body: { reason } }))),
    resumeCompany: (id) => call(async () => void (await apiRequest(`${companyPath(id)}/resume`, { method: 'POST' }))),
    operatorCompanyMembers: (id) => call(() => apiRequest<CompanyMember[]>(`${companyPath(id)}/members`)),
    operatorTenants: (filter, page, perPage) =>
      call(() => apiRequest<Page<OperatorTenant>>('/operator/tenants', { query: { ...filter, page, page_size: perPage } })),
    updateOperatorTenant: (id, change) =>
      call(async () => void (await apiRequest(`/operator/tenants/${encodeURIComponent(id)}`, { method: 'PATCH', body: change }))),
    operatorUsers: (filter, page, perPage) => call(() => apiRequest<Page<OperatorUser>>('/operator/users', { query: { ...filter, page, page_size: perPage } })),
    setOperator: (userId, operator) =>
      call(async () => void (await apiRequest(`/operator/users/${encodeURIComponent(userId)}/operator`, { method: operator ? 'PUT' : 'DELETE' }))),
  };
}
