import type { AuditAction, AuditResource } from '../../../admin/types/api';

const actions: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Deleted',
  rotate_secret: 'Secret replaced',
  join: 'Joined',
  import: 'Imported',
  downlink: 'Downlink sent',
  flush_downlinks: 'Downlink queue flushed',
  sign_in: 'Signed in',
};

const resources: Record<AuditResource, string> = {
  company: 'Company',
  membership: 'Membership',
  invite: 'Invite',
  tenant: 'Tenant',
  profile: 'Device profile',
  gateway: 'Gateway',
  device: 'Device',
  unit: 'Unit',
  group: 'Unit group',
  dashboard: 'Dashboard',
  widget: 'Widget',
  webhook: 'Webhook',
  api_key: 'API key',
  user: 'User account',
};

/** English texts of the audit log page (issue #15). */
export const audit = {
  title: 'Audit log',
  no_company: 'Create or select a company to see its audit log.',
  entries: 'Entries',
  empty: 'No entries match.',
  error: 'The audit log could not be loaded.',
  export: 'Export CSV',
  at: 'When',
  actor: 'Who',
  action: 'What',
  resource: 'Resource',
  address: 'Address',
  changes: 'Changes',
  all: 'All',
  from: 'From',
  to: 'Until',
  only_actor: 'Show only entries by %{actor}',
  actor_filter: 'By %{actor}',
  system: 'The platform',
  api_key_actor: 'API key %{name}',
  secret_changed: 'changed (not shown)',
  empty_value: 'empty',
  actions,
  resources,
};
