import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { DeviceList } from '../../../admin/devices/DeviceList';
import { GatewayList } from '../../../admin/gateways/GatewayList';
import { UnitList } from '../../../admin/units/UnitList';
import { WebhookList } from '../../../admin/webhooks/WebhookList';
import { DashboardPage } from '../../../admin/dashboards/DashboardPage';
import { ROUTE_PERMISSIONS } from '../../../server/src/domain/permissions';
import { permissionRefusal, RESOURCE_ACTIONS, type ConsoleAction } from '../../../admin/common/permissions';
import type { CompanyRole } from '../../../admin/types/api';
import type { Language } from '../../../admin/providers/i18nProvider';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { listAnswers } from '../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

/** Issue #15, deliverable 7: what a role may not do is disabled, with the reason in the user's language. */
const REASONS: Record<Language, { member: string; admin: string; dashboards: string }> = {
  en: {
    member: 'Your role (Viewer) can only read here: this takes the Member role or higher.',
    admin: 'Your role (Member) cannot do this: only admins and owners of the company can.',
    dashboards: 'Your role (Viewer) can change only your own private dashboards.',
  },
  de: {
    member: 'Ihre Rolle (Betrachter) darf hier nur lesen: dafür braucht es mindestens die Rolle Mitglied.',
    admin: 'Ihre Rolle (Mitglied) darf das nicht: nur Administratoren und Inhaber der Firma dürfen das.',
    dashboards: 'Ihre Rolle (Betrachter) darf nur Ihre eigenen privaten Dashboards ändern.',
  },
};

const signInAs = (role: CompanyRole) => signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role }] });

/** The tooltip a disabled control's wrapper shows on hover. */
async function tooltipOf(control: HTMLElement): Promise<string> {
  fireEvent.mouseOver(control.parentElement ?? control);
  return (await screen.findByRole('tooltip')).textContent ?? '';
}

afterEach(() => {
  signOut();
});

describe('the console follows the server’s permission table', () => {
  const roles: CompanyRole[] = ['viewer', 'member', 'admin', 'owner'];
  const actions = Object.values(RESOURCE_ACTIONS).flatMap((kinds) => Object.values(kinds ?? {})) as ConsoleAction[];

  it.each(actions)('%s: refused below the table’s role, allowed from it on', (action) => {
    const required = ROUTE_PERMISSIONS[action].role;
    for (const role of roles) {
      const refused = required !== null && roles.indexOf(role) < roles.indexOf(required);
      expect(permissionRefusal(role, action) !== undefined, `${role} ${action}`).toBe(refused);
    }
  });

  it('viewers write only their own private dashboards', () => {
    expect(permissionRefusal('viewer', 'PATCH /dashboard/:id/')).toBe('viewer_own_dashboards');
    expect(permissionRefusal('viewer', 'PATCH /dashboard/:id/', true)).toBeUndefined();
    expect(permissionRefusal('member', 'PATCH /dashboard/:id/')).toBeUndefined();
  });

  it('says which role an action takes', () => {
    expect(permissionRefusal('viewer', 'POST /device/')).toBe('needs_member');
    expect(permissionRefusal('member', 'POST /webhook/')).toBe('needs_admin');
    expect(permissionRefusal('admin', 'POST /network/reconcile')).toBe('needs_owner');
    expect(permissionRefusal('viewer', 'POST /api-keys/')).toBeUndefined();
  });
});

const device = { id: 'd1', name: 'Cellar', dev_eui: 'A84041000181C61E', last_seen: null, power_status: 'battery', battery_level: 90 };

describe.each([
  ['en', 'desktop', DESKTOP_WIDTH],
  ['de', 'desktop', DESKTOP_WIDTH],
  ['en', 'phone', PHONE_WIDTH],
  ['de', 'phone', PHONE_WIDTH],
] as const)('devices in %s on a %s', (locale, _width, width) => {
  const renderDevices = (getList = listAnswers.rows([device])) =>
    renderInAdmin(<DeviceList />, { resource: 'devices', locale, dataProvider: { getList, getMany: async () => ({ data: [] }) } });
  const create = async () => (await screen.findAllByRole('link')).find((link) => link.getAttribute('href') === '/devices/create');
  const importLink = async () => (await screen.findAllByRole('link')).find((link) => link.getAttribute('href') === '/devices/import');

  it('a viewer sees create and import disabled, with the reason', async () => {
    stubViewportWidth(width);
    await signInAs('viewer');
    renderDevices();
    await screen.findAllByText('Cellar');
    const button = await create();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(await importLink()).toHaveAttribute('aria-disabled', 'true');
    expect(await tooltipOf(button as HTMLElement)).toBe(REASONS[locale].member);
  });

  it('a member may create and import', async () => {
    stubViewportWidth(width);
    await signInAs('member');
    renderDevices();
    await screen.findAllByText('Cellar');
    expect(await create()).not.toHaveAttribute('aria-disabled');
    expect(await importLink()).not.toHaveAttribute('aria-disabled');
  });

  it('empty: a viewer cannot register the first device either', async () => {
    stubViewportWidth(width);
    await signInAs('viewer');
    renderDevices(listAnswers.empty);
    const register = await screen.findByRole('link', { name: locale === 'en' ? 'Register a device' : /Gerät registrieren/ });
    expect(register).toHaveAttribute('aria-disabled', 'true');
    expect(await tooltipOf(register)).toBe(REASONS[locale].member);
  });
});

describe.each(['en', 'de'] as const)('other screens in %s', (locale) => {
  it('gateways: a viewer cannot set one up or issue a certificate', async () => {
    await signInAs('viewer');
    const gateway = { id: 'g1', name: 'Roof', gateway_id: 'AA555A0000000000', connected: true, last_seen: null, cert_expires_at: null };
    renderInAdmin(<GatewayList />, { resource: 'gateways', locale, dataProvider: { getList: listAnswers.rows([gateway]) } });
    await screen.findByText('Roof');
    const row = screen.getByText('Roof').closest('tr') as HTMLElement;
    const buttons = within(row).getAllByRole('button');
    expect(buttons.every((button) => button.hasAttribute('disabled'))).toBe(true);
    const setUp = screen.getAllByRole('button').find((button) => !row.contains(button) && button.hasAttribute('disabled'));
    expect(await tooltipOf(setUp as HTMLElement)).toBe(REASONS[locale].member);
  });

  it('units: a viewer cannot create, edit or delete; a member can', async () => {
    await signInAs('viewer');
    const unit = { id: 'n1', name: 'Hall A', device_count: 0 };
    const { unmount } = renderInAdmin(<UnitList />, { resource: 'units', locale, dataProvider: { getList: listAnswers.rows([unit]) } });
    await screen.findByText('Hall A');
    const create = screen.getAllByRole('link').find((link) => link.getAttribute('href') === '/units/create') as HTMLElement;
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(within(screen.getByText('Hall A').closest('tr') as HTMLElement).getByRole('button')).toBeDisabled();
    expect(await tooltipOf(create)).toBe(REASONS[locale].member);
    unmount();
    signOut();
    await signInAs('member');
    renderInAdmin(<UnitList />, { resource: 'units', locale, dataProvider: { getList: listAnswers.rows([unit]) } });
    await screen.findByText('Hall A');
    expect(screen.getAllByRole('link').find((link) => link.getAttribute('href') === '/units/create')).not.toHaveAttribute('aria-disabled');
    expect(within(screen.getByText('Hall A').closest('tr') as HTMLElement).getByRole('button')).toBeEnabled();
  });

  it('webhooks: a member reads them but only admins change them', async () => {
    await signInAs('member');
    const webhook = { id: 'w1', url: 'https://hooks.example.com/in', is_active: true, events: [], created_at: '2026-11-01T00:00:00.000Z' };
    renderInAdmin(<WebhookList />, { resource: 'webhooks', locale, dataProvider: { getList: listAnswers.rows([webhook]) } });
    await screen.findByText('https://hooks.example.com/in');
    const disabled = screen.getAllByRole('button').filter((button) => button.hasAttribute('disabled'));
    expect(disabled.length).toBeGreaterThanOrEqual(5); // New, edit, test, rotate, delete
    expect(await tooltipOf(disabled[0])).toBe(REASONS[locale].admin);
  });

  it('dashboards: a viewer cannot change a shared dashboard’s widgets, but may their own private one', async () => {
    await signInAs('viewer');
    const shared = { id: 'b1', name: 'Hall', is_shared: true, is_owner: false, owner_id: 'u2', company: 'c1' };
    const mine = { id: 'b2', name: 'Mine', is_shared: false, is_owner: true, owner_id: 'u1', company: 'c1' };
    const widget = { id: 'x1', dashboard: 'b1', type: 'TABLE', title: 'Table', positionX: 0, positionY: 0, width: 4, height: 3, data_source_mode: 'UNIT' };
    const getList = async (resource: string) => (resource === 'dashboards' ? { data: [shared, mine], total: 2 } : { data: [widget], total: 1 });
    const dataProvider = { getList: getList as unknown as DataProvider['getList'] };
    const editName = locale === 'en' ? 'Edit widget' : 'Widget bearbeiten';
    localStorage.setItem('dashboard', 'b1');
    const { unmount } = renderInAdmin(<DashboardPage />, { locale, dataProvider });
    const edit = await screen.findByRole('button', { name: editName });
    expect(edit).toBeDisabled();
    expect(await tooltipOf(edit)).toBe(REASONS[locale].dashboards);
    unmount();
    localStorage.setItem('dashboard', 'b2');
    renderInAdmin(<DashboardPage />, { locale, dataProvider });
    expect(await screen.findByRole('button', { name: editName })).toBeEnabled();
    localStorage.removeItem('dashboard');
  });
});
