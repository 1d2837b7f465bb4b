import { useTranslate } from 'react-admin';
import { useCompanyState } from '../stores/hooks';
import { permissionRefusal, type ConsoleAction } from './permissions';
import type { CompanyRole } from '../types/api';

export interface CompanyPermission {
  allowed: boolean;
  /** Why not, in the user's language; null when allowed. */
  reason: string | null;
}

/** The caller's role in the selected company, as the company list (GET /company/) reports it. */
export function useCompanyRole(): CompanyRole | undefined {
  const { companies, selectedCompanyId } = useCompanyState();
  return companies.find((company) => company.id === selectedCompanyId)?.role;
}

/**
 * May the caller take `action` in the selected company? The one place screens ask, so every
 * button follows the server's table and says why when it may not.
 */
export function useCompanyPermission(action: ConsoleAction, options: { ownPrivateDashboard?: boolean } = {}): CompanyPermission {
  const translate = useTranslate();
  const role = useCompanyRole();
  const refusal = permissionRefusal(role, action, options.ownPrivateDashboard);
  if (!refusal) return { allowed: true, reason: null };
  return { allowed: false, reason: translate(`app.permissions.${refusal}`, { role: role ? translate(`app.users.${role}`) : '' }) };
}
