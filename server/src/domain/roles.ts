/**
 * Roles in a company (issue #15), strongest first: owners (one or more) bill and delete it; admins
 * run its members, invites, settings, tenant, webhooks and integrations; members work with its
 * devices, gateways, profiles, units, groups, dashboards, imports and downlinks; viewers read
 * everything and write only their own private dashboards (and their own notifications).
 */
export const COMPANY_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

const RANK: Record<CompanyRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

export const roleAtLeast = (role: CompanyRole, minimum: CompanyRole): boolean => RANK[role] >= RANK[minimum];

/** Why a membership change is refused: a code the console translates. */
export type MembershipRefusal = 'last_owner' | 'role_above_own';

/**
 * May `actor` give `target` (currently `from`) the role `to`? Admins and owners only, never a role
 * above their own nor over someone above them; the last owner keeps the role.
 */
export function roleChangeRefusal(actor: CompanyRole, from: CompanyRole, to: CompanyRole, owners: number): MembershipRefusal | undefined {
  if (!roleAtLeast(actor, to) || !roleAtLeast(actor, from)) return 'role_above_own';
  if (from === 'owner' && to !== 'owner' && owners <= 1) return 'last_owner';
  return undefined;
}

/** May `actor` remove a member whose role is `target`? (Leaving is removing oneself: `actor` is then the target's own role.) */
export function removalRefusal(actor: CompanyRole, target: CompanyRole, owners: number): MembershipRefusal | undefined {
  if (!roleAtLeast(actor, target)) return 'role_above_own';
  if (target === 'owner' && owners <= 1) return 'last_owner';
  return undefined;
}

/** An invite may carry any role up to the inviter's own. */
export const mayInviteAs = (inviter: CompanyRole, role: CompanyRole): boolean => roleAtLeast(inviter, role);

/** Why an invite code does not admit an account (each answered in the user's language). */
export type InviteRefusal = 'invite_deleted' | 'invite_used' | 'invite_expired' | 'invite_wrong_account';

/** An invite admits an account while it is neither withdrawn, used nor expired, and (unless open) only the invited address. */
export function inviteRefusal(
  invite: { deleted_at: string | null; used_at: string | null; expires_at: string; is_open: number; email: string },
  accountEmail: string,
  now: Date,
): InviteRefusal | undefined {
  if (invite.deleted_at) return 'invite_deleted';
  if (invite.used_at) return 'invite_used';
  if (new Date(invite.expires_at) <= now) return 'invite_expired';
  if (invite.is_open !== 1 && invite.email.toLowerCase() !== accountEmail.trim().toLowerCase()) return 'invite_wrong_account';
  return undefined;
}
