import type { Page } from '@playwright/test';
import { api } from './a11y';
import { signUpAndOnboard } from './onboarding';

const KEY = '2b7e151628aed2a6abf7158809cf4f3c';

/** The records the accessibility specs open, one of each kind, by id (and the names shown for them). */
export interface Seeded {
  company: string;
  deviceId: string;
  devEui: string;
  gatewayId: string;
  gatewayEui: string;
  profileId: string;
  unitId: string;
  groupId: string;
  tenantId: string;
  ruleId: string;
}

/**
 * Signs a new user up (English, direct customer) and gives their company one record of every kind
 * a console route shows: profile, two devices, gateway, dashboard, group, unit, tenant (multi-tenant
 * mode on), webhook, API key and rule.
 */
export async function seedEverything(page: Page, email?: string): Promise<Seeded> {
  await signUpAndOnboard(page, `Access ${Date.now()}`, email);
  const companies = await api<{ results: { id: string }[] }>(page, 'GET', '/company/');
  const company = companies.results[0]?.id ?? '';
  const stamp = Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12);
  const devEui = `A1A2${stamp}`;
  const gatewayEui = `0016C0${stamp.slice(-10)}`;
  const profile = await api<{ id: string }>(page, 'POST', `/config/${company}`, { name: 'Cellar profile' });
  const device = await api<{ id: string }>(page, 'POST', '/device/', {
    company_id: company,
    dev_eui: devEui,
    app_key: KEY,
    name: 'Cellar sensor',
    config: profile.id,
  });
  await api(page, 'POST', '/device/', { company_id: company, dev_eui: `B1B2${stamp}`, app_key: KEY, name: 'Boiler room' });
  const gateway = await api<{ id: string }>(page, 'POST', '/gateway/', { company_id: company, gateway_id: gatewayEui, name: 'Roof gateway' });
  await api(page, 'POST', '/dashboard/', { company_id: company, name: 'Cellar climate' });
  const group = await api<{ id: string }>(page, 'POST', '/group/', { company_id: company, name: 'North site' });
  const unit = await api<{ id: string }>(page, 'POST', '/unit/', { company_id: company, name: 'Cellar unit' });
  await api(page, 'PUT', '/user/', { is_tenant_enabled: true });
  const tenant = await api<{ id: string }>(page, 'POST', '/tenant/', { name: 'Harbour tenant' });
  await api(page, 'POST', '/webhook/', { company_id: company, url: 'https://hooks.example.com/lora' });
  await api(page, 'POST', '/api-keys/', { name: 'Reporting key' });
  const rule = await api<{ id: string }>(page, 'POST', '/rule/', {
    company_id: company,
    name: 'Cellar too warm',
    scope: 'company',
    scope_id: null,
    condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: 8 }] },
    actions: [{ type: 'notification', members: 'all' }],
  });
  return {
    company,
    deviceId: device.id,
    devEui,
    gatewayId: gateway.id,
    gatewayEui,
    profileId: profile.id,
    unitId: unit.id,
    groupId: group.id,
    tenantId: tenant.id,
    ruleId: rule.id,
  };
}
