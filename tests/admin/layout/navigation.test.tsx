import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeTab, mainTabs, profileMenuEntries } from '../../../admin/layout/navigation';
import { TopBar } from '../../../admin/layout/TopBar';
import { companyStore } from '../../../admin/stores/companyStore';
import { renderInAdmin, sampleUser, signInWith, signOut } from '../helpers';

const names = (entries: { name: string }[]) => entries.map((entry) => entry.name);

describe('navigation entries (spec §2)', () => {
  it('main tabs: companies only in multi-tenant mode', () => {
    expect(names(mainTabs(false))).toEqual(['dashboard', 'devices', 'gateways', 'units']);
    expect(names(mainTabs(true))).toEqual(['dashboard', 'devices', 'gateways', 'units', 'companies']);
  });

  it('profile menu: companies without, tenants with multi-tenant mode; sign out last', () => {
    const off = names(profileMenuEntries(false));
    const on = names(profileMenuEntries(true));
    expect(off).toContain('companies');
    expect(off).not.toContain('tenants');
    expect(on).toContain('tenants');
    expect(on).not.toContain('companies');
    for (const entries of [off, on]) {
      expect(entries).toEqual(expect.arrayContaining(['profiles', 'groups', 'api-keys', 'settings', 'info', 'templates', 'users', 'notifications']));
      expect(entries.at(-1)).toBe('logout');
    }
  });

  it('the operator back-office only for operators (issue #17)', () => {
    for (const multiTenant of [false, true]) {
      expect(names(profileMenuEntries(multiTenant))).not.toContain('operator');
      expect(names(profileMenuEntries(multiTenant, true))).toContain('operator');
    }
  });

  it('the active tab is the one whose name the path contains', () => {
    expect(activeTab(mainTabs(false), '/devices/123')).toBe('devices');
    expect(activeTab(mainTabs(false), '/settings')).toBe(false);
  });
});

describe('top bar', () => {
  beforeEach(() => localStorage.clear());
  afterEach(signOut);

  async function setup(multiTenant: boolean, tenant: { logo_url: string | null; color_hex: string | null } | null) {
    await signInWith({
      user: { ...sampleUser, is_tenant_enabled: multiTenant },
      companies: [
        { id: 'c1', name: 'Acme', tenant_id: tenant ? 't1' : null },
        { id: 'c2', name: 'Beta', tenant_id: null },
      ],
      tenant: tenant ? { id: 't1', name: 'Reseller', ...tenant } : undefined,
    });
    return renderInAdmin(<TopBar onSearch={() => undefined} />, { path: '/devices' });
  }

  it('single-tenant: no Companies tab; profile menu has Companies and Sign out; default logo', async () => {
    await setup(false, null);
    expect(screen.queryByRole('tab', { name: 'Companies' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Devices' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('default-logo')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    const menu = await screen.findByRole('menu');
    for (const label of ['Device Profiles', 'Unit Groups', 'API Keys', 'Companies', 'INFO', 'Sign out', 'Profile Templates', 'Users', 'Notifications'])
      expect(within(menu).getByText(label)).toBeInTheDocument();
    expect(within(menu).queryByText('Tenants')).not.toBeInTheDocument();
    expect(within(menu).queryByText('Operator')).not.toBeInTheDocument();
  });

  it('an operator finds the back-office in the profile menu', async () => {
    await signInWith({ user: { ...sampleUser, is_operator: true }, companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
    renderInAdmin(<TopBar onSearch={() => undefined} />, { path: '/devices' });
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Operator' })).toHaveAttribute('href', '/operator');
  });

  it("multi-tenant: Companies tab, Tenants entry, the tenant's colour and logo", async () => {
    await setup(true, { logo_url: 'https://example.com/logo.png', color_hex: '#3B82F6' });
    expect(screen.getByRole('tab', { name: 'Companies' })).toBeInTheDocument();
    expect(screen.getByTestId('top-bar')).toHaveStyle({ backgroundColor: '#3B82F6' });
    expect(screen.getByRole('img', { name: 'Reseller' })).toHaveAttribute('src', 'https://example.com/logo.png');
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    expect(within(await screen.findByRole('menu')).getByText('Tenants')).toBeInTheDocument();
  });

  it('bell leads to /notifications; company switcher marks the selection and switches', async () => {
    await setup(false, null);
    expect(screen.getByRole('link', { name: 'Notifications' })).toHaveAttribute('href', '/notifications');
    fireEvent.click(screen.getByRole('button', { name: 'Company' }));
    const menu = await screen.findByRole('menu');
    expect(within(within(menu).getByText('Acme').closest('li') as HTMLElement).getByTestId('selected-company-check')).toBeInTheDocument();
    fireEvent.click(within(menu).getByText('Beta'));
    await vi.waitFor(() => expect(companyStore.getState().selectedCompanyId).toBe('c2'));
    expect(localStorage.getItem('selectedCompanyId')).toBe('c2');
  });

  it('the mobile menu toggles and holds a company select', async () => {
    await setup(false, null);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const select = within(screen.getByTestId('mobile-menu')).getByRole('combobox');
    expect(select).toHaveValue('c1');
  });
});
