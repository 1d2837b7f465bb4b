import type { Identifier } from 'react-admin';
import type { RuleFiring, RulePreview, RulePreviewBody, RuleScope, RuleTopic } from '../types/api';
import { apiRequest } from './http';

/** The rule screens' reads beyond CRUD (issue #23), added to the data provider. */
export interface RulesApi {
  /** A rule's transitions, newest first, with the values that caused them. */
  ruleFirings(id: Identifier, perPage: number): Promise<RuleFiring[]>;
  /** When a rule as entered would have fired over the last 24 hours of its scope. */
  previewRule(body: RulePreviewBody): Promise<RulePreview>;
  /** The topics the scope's devices reported, with a recent value, for the condition form. */
  ruleTopics(companyId: string, scope: RuleScope, scopeId: string | null): Promise<RuleTopic[]>;
}

type Call = <T>(run: () => Promise<T>) => Promise<T>;

const rulePath = (id: Identifier, rest: string) => `/rule/${encodeURIComponent(String(id))}/${rest}`;

export function rulesApi(call: Call): RulesApi {
  return {
    ruleFirings: (id, perPage) =>
      call(async () => (await apiRequest<{ results: RuleFiring[] }>(rulePath(id, 'firings'), { query: { page_size: perPage } })).results),
    previewRule: (body) => call(() => apiRequest<RulePreview>('/rule/preview', { method: 'POST', body })),
    ruleTopics: (companyId, scope, scopeId) =>
      call(
        async () =>
          (await apiRequest<{ items: RuleTopic[] }>('/rule/topics', { query: { company_id: companyId, scope, scope_id: scopeId ?? undefined } })).items,
      ),
  };
}
