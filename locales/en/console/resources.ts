/** English resource names and field labels, in react-admin's `resources.<name>` convention. */
export const resources = {
  dashboards: { name: 'Dashboard |||| Dashboards', fields: { name: 'Name', is_shared: 'Shared', created_at: 'Created' } },
  devices: {
    name: 'Device |||| Devices',
    notifications: {
      created: "Device '%{name}' registered",
      updated: 'Device saved',
      deleted: '%{smart_count} device deleted |||| %{smart_count} devices deleted',
    },
    fields: {
      name: 'Name',
      dev_eui: 'DevEUI',
      join_eui: 'JoinEUI',
      app_key: 'AppKey',
      config: 'Device profile',
      unit: 'Unit',
      config_name: 'Device profile',
      unit_name: 'Unit',
      last_seen: 'Last seen',
      power_status: 'Power status',
    },
  },
  gateways: {
    name: 'Gateway |||| Gateways',
    notifications: {
      created: "Gateway '%{name}' registered",
      updated: 'Gateway saved',
      deleted: '%{smart_count} gateway deleted |||| %{smart_count} gateways deleted',
    },
    fields: { name: 'Name', gateway_id: 'Gateway ID', last_seen: 'Last seen', connected: 'Connected', cert_expires_at: 'Certificate expires' },
  },
  units: {
    name: 'Unit |||| Units',
    notifications: {
      created: "Unit '%{name}' created",
      updated: 'Unit saved',
      deleted: '%{smart_count} unit deleted |||| %{smart_count} units deleted',
    },
    fields: { group: 'Group', devices: 'Devices', name: 'Name', group_name: 'Group', device_count: 'Devices' },
  },
  groups: {
    name: 'Unit group |||| Unit groups',
    notifications: {
      created: "Unit group '%{name}' created",
      updated: 'Unit group saved',
      deleted: '%{smart_count} unit group deleted |||| %{smart_count} unit groups deleted',
    },
    fields: { name: 'Name', unit_count: 'Units' },
  },
  profiles: {
    name: 'Device profile |||| Device profiles',
    notifications: {
      created: "Device profile '%{name}' created",
      updated: 'Device profile saved',
      deleted: '%{smart_count} device profile deleted |||| %{smart_count} device profiles deleted',
    },
    fields: {
      name: 'Name',
      codec: 'Payload codec',
      is_template: 'From template',
      supports_otaa: 'OTAA',
      supports_class_b: 'Class B',
      supports_class_c: 'Class C',
      region: 'Region',
      mac_version: 'LoRaWAN MAC version',
      reg_params_revision: 'Regional parameters revision',
      uplink_interval_s: 'Expected uplink interval (seconds)',
      decoder_precedence: 'Values when both decode',
      created_at: 'Created',
    },
  },
  templates: {
    name: 'Profile template |||| Profile templates',
    fields: { description: 'Description', vendor: 'Vendor', model: 'Model', version: 'Version', supports_otaa: 'OTAA', already_added: 'Already added' },
  },
  companies: {
    name: 'Company |||| Companies',
    notifications: {
      created: "Company '%{name}' created",
      updated: 'Company saved',
      deleted: '%{smart_count} company deleted |||| %{smart_count} companies deleted',
    },
    fields: { name: 'Name', tenant_id: 'Tenant', role: 'Role', plan: 'Plan', created_at: 'Created' },
  },
  tenants: {
    name: 'Tenant |||| Tenants',
    notifications: {
      created: "Tenant '%{name}' created",
      updated: 'Tenant saved',
      deleted: '%{smart_count} tenant deleted |||| %{smart_count} tenants deleted',
    },
    fields: { name: 'Name', logo_url: 'Logo URL', color_hex: 'Primary colour', created_at: 'Created' },
  },
  'api-keys': {
    name: 'API key |||| API keys',
    fields: { name: 'Name', expiresAt: 'Expires', last_used: 'Last used', created_at: 'Created' },
  },
  webhooks: {
    name: 'Webhook |||| Webhooks',
    fields: { url: 'URL', header_name: 'Header', enabled: 'Enabled', created_at: 'Created' },
  },
  rules: {
    name: 'Rule |||| Rules',
    fields: { name: 'Name', enabled: 'Enabled', scope: 'Applies to', match: 'Combination', hysteresis: 'Hysteresis' },
  },
  notifications: {
    name: 'Notification |||| Notifications',
    fields: { title: 'Title', message: 'Message', is_read: 'Read', created_at: 'Received' },
  },
};
