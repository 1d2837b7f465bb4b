import type { OperatorCompany, OperatorCompanyOrdering, OperatorCompanyUpdate, Plan } from '../types/api';
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

/** The operator back-office (issue #17), added to the data provider; the API answers 403 to anyone but an operator. */
export interface OperatorApi {
  operatorCompanies(filter: OperatorCompanyFilter, page: number, perPage: number): Promise<Page<OperatorCompany>>;
  /** Changes the plan, or sets (a number) or clears (null) an override. */
  updateOperatorCompany(id: string, change: OperatorCompanyUpdate): Promise<void>;
  suspendCompany(id: string, reason: string): Promise<void>;
  resumeCompany(id: string): Promise<void>;
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
  };
}
