/**
 * Table types shared by SQLite and PostgreSQL. Both dialects store the same portable column
 * types: UUIDs and ISO-8601 UTC timestamps as text (fixed width, so they sort correctly),
 * flags as integers 0/1. Repositories turn them into API shapes.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  profile_picture: string | null;
  is_tenant_enabled: number;
  is_onboarded: number;
  language: string;
  created_at: string;
}

export interface SessionsTable {
  handle: string;
  user_id: string;
  /** Hash of the refresh token currently valid for this session. */
  refresh_hash: string;
  /**
   * Hash of the refresh token it replaced, still accepted until the new one is confirmed
   * (used once, or its access token seen). A use after confirmation is token theft.
   */
  parent_refresh_hash: string | null;
  anti_csrf: string | null;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
}

export interface TenantsTable {
  id: string;
  name: string;
  logo_url: string | null;
  color_hex: string | null;
  created_at: string;
}

export interface TenantOwnersTable {
  tenant_id: string;
  user_id: string;
}

export interface CompaniesTable {
  id: string;
  name: string;
  tenant_id: string | null;
  created_at: string;
}

export interface CompanyMembersTable {
  company_id: string;
  user_id: string;
  role: 'owner' | 'member';
  joined_at: string;
}

export interface InvitesTable {
  id: string;
  company_id: string;
  email: string;
  code: string;
  invited_by: string;
  created_at: string;
  used_at: string | null;
  used_by: string | null;
}


export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  tenants: TenantsTable;
  tenant_owners: TenantOwnersTable;
  companies: CompaniesTable;
  company_members: CompanyMembersTable;
  invites: InvitesTable;
}
