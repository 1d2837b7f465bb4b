/** Navigation entries of spec §2; labels are translation keys. */
export interface NavEntry {
  name: string;
  path: string;
  label: string;
}

const entry = (name: string, label: string, path = `/${name}`): NavEntry => ({ name, path, label: `app.nav.${label}` });

/** Main bar tabs: companies only in multi-tenant mode. */
export function mainTabs(multiTenant: boolean): NavEntry[] {
  return [
    entry('dashboard', 'dashboard'),
    entry('devices', 'devices'),
    entry('gateways', 'gateways'),
    entry('units', 'units'),
    ...(multiTenant ? [entry('companies', 'companies')] : []),
  ];
}

/**
 * Profile menu: the spec's entries in its order (companies only without, tenants only with
 * multi-tenant mode), with the further entries (templates, users, audit log, notifications) beside their kin.
 * The operator back-office only for platform operators (issue #17): nobody else sees the entry.
 */
export function profileMenuEntries(multiTenant: boolean, operator = false): NavEntry[] {
  return [
    entry('profiles', 'profiles'),
    entry('templates', 'templates'),
    entry('groups', 'groups'),
    entry('users', 'users'),
    entry('audit', 'audit'),
    entry('api-keys', 'api_keys'),
    entry('webhooks', 'webhooks'),
    entry('rules', 'rules'),
    entry('usage', 'usage'),
    ...(operator ? [entry('operator', 'operator')] : []),
    entry('notifications', 'notifications'),
    entry('settings', 'settings'),
    ...(multiTenant ? [entry('tenants', 'tenants')] : [entry('companies', 'companies')]),
    entry('info', 'info'),
    entry('logout', 'logout'),
  ];
}

/** The active tab is the one whose route name is contained in the current path. */
export function activeTab(tabs: NavEntry[], pathname: string): string | false {
  return tabs.find((tab) => pathname.includes(tab.name))?.name ?? false;
}
