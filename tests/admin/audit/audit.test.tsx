import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { AuditPage } from '../../../admin/audit/AuditPage';
import type { AuditEvent } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';

const event = (fields: Partial<AuditEvent>): AuditEvent => ({
  id: 'e1',
  company_id: 'c1',
  at: '2026-11-27T10:00:00.000Z',
  actor_type: 'user',
  actor_id: 'u1',
  actor_label: 'ada@example.com',
  action: 'update',
  resource_type: 'device',
  resource_id: 'd1',
  address: '198.51.100.7',
  changes: [{ field: 'name', old: 'Pump', new: 'Boiler' }],
  ...fields,
});

const entries: AuditEvent[] = [
  event({}),
  event({ id: 'e2', action: 'update', resource_type: 'webhook', changes: [{ field: 'header_value', old: '[redacted]', new: '[redacted]' }] }),
  event({
    id: 'e3',
    action: 'import',
    actor_type: 'api_key',
    actor_id: 'k1',
    actor_label: 'Deploy bot (ada@example.com)',
    changes: { rows: 3, created: 2, not_created: 1 },
  }),
  event({
    id: 'e4',
    action: 'update',
    resource_type: 'company',
    actor_type: 'system',
    actor_id: null,
    actor_label: 'system',
    address: null,
    changes: [{ field: 'plan', old: 'free', new: 'pro' }],
  }),
];

const withCompany = (companies: { id: string; name: string }[]) => signInWith({ companies: companies.map((company) => ({ ...company, tenant_id: null })) });
const page = (results: AuditEvent[]) => vi.fn(async () => ({ count: results.length, results }));

describe('audit log screen', () => {
  beforeEach(() => localStorage.clear());
  afterEach(signOut);

  it('empty: without a company it says to create or select one and asks nothing', async () => {
    await withCompany([]);
    const auditEvents = vi.fn();
    renderInAdmin(<AuditPage />, { dataProvider: { auditEvents } });
    expect(screen.getByText('Create or select a company to see its audit log.')).toBeInTheDocument();
    expect(auditEvents).not.toHaveBeenCalled();
  });

  it('empty: a company without matching entries says so', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: page([]) } });
    expect(await screen.findByText('No entries match.')).toBeInTheDocument();
  });

  it('loading: a progress bar', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: () => new Promise(() => undefined) } });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('success: who, what and the changed fields; secrets only as changed', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    const auditEvents = page(entries);
    renderInAdmin(<AuditPage />, { dataProvider: { auditEvents } });
    const rename = (await screen.findByText('name: Pump → Boiler')).closest('tr') as HTMLElement;
    expect(auditEvents).toHaveBeenCalledWith('c1', expect.objectContaining({ action: undefined }), 1, 25);
    expect(within(rename).getByText('Changed')).toBeInTheDocument();
    expect(within(rename).getByText('Device')).toBeInTheDocument();
    expect(within(rename).getByText('198.51.100.7')).toBeInTheDocument();
    expect(screen.getByText('header_value: changed (not shown)')).toBeInTheDocument();
    expect(screen.queryByText(/\[redacted\]/)).toBeNull();
    const imported = screen.getByText('rows: 3').closest('tr') as HTMLElement;
    expect(within(imported).getByText('API key Deploy bot (ada@example.com)')).toBeInTheDocument();
    expect(within(imported).getByText('Imported')).toBeInTheDocument();
    expect(screen.getByText('The platform')).toBeInTheDocument();
  });

  it('filters by action, resource and actor', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    const auditEvents = page(entries);
    renderInAdmin(<AuditPage />, { dataProvider: { auditEvents } });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'What' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Deleted'));
    await waitFor(() => expect(auditEvents).toHaveBeenLastCalledWith('c1', expect.objectContaining({ action: 'delete' }), 1, 25));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Resource' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Webhook'));
    await waitFor(() => expect(auditEvents).toHaveBeenLastCalledWith('c1', expect.objectContaining({ action: 'delete', resource_type: 'webhook' }), 1, 25));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Show only entries by API key Deploy bot (ada@example.com)' }))[0] as HTMLElement);
    await waitFor(() => expect(auditEvents).toHaveBeenLastCalledWith('c1', expect.objectContaining({ actor: 'k1' }), 1, 25));
    expect(screen.getByText('By API key Deploy bot (ada@example.com)')).toBeInTheDocument();
  });

  it('exports the filtered log as CSV under the name the server gives', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    const exportAuditEvents = vi.fn(async () => ({ blob: new Blob(['at\r\n']), filename: 'audit-acme-2026-11-27.csv' }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    // jsdom has no object URLs: the browser's part is stood in for, and put back afterwards.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = () => 'blob:export';
    URL.revokeObjectURL = () => undefined;
    renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: page(entries), exportAuditEvents } });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' })));
    await waitFor(() => expect(clicked).toEqual(['audit-acme-2026-11-27.csv']));
    expect(exportAuditEvents).toHaveBeenCalledWith('c1', expect.objectContaining({ actor: undefined, action: undefined }));
    click.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('error: the failure in words', async () => {
    await withCompany([{ id: 'c1', name: 'Acme' }]);
    renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: () => Promise.reject(new HttpError('app.errors.unauthorized', 403)) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The audit log could not be loaded.');
  });

  describe('in German', () => {
    it('success: actions, resources and changes in German', async () => {
      await withCompany([{ id: 'c1', name: 'Acme' }]);
      renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: page(entries) }, locale: 'de' });
      const rename = (await screen.findByText('name: Pump → Boiler')).closest('tr') as HTMLElement;
      expect(within(rename).getByText('Geändert')).toBeInTheDocument();
      expect(within(rename).getByText('Gerät')).toBeInTheDocument();
      expect(screen.getByText('header_value: geändert (nicht angezeigt)')).toBeInTheDocument();
      expect(screen.getByText('Die Plattform')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeInTheDocument();
    });

    it('empty, loading and error in German', async () => {
      await withCompany([]);
      const first = renderInAdmin(<AuditPage />, { locale: 'de' });
      expect(await screen.findByText('Legen Sie eine Firma an oder wählen Sie eine aus, um ihr Audit-Protokoll zu sehen.')).toBeInTheDocument();
      first.unmount();
      await withCompany([{ id: 'c1', name: 'Acme' }]);
      const loading = renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: () => new Promise(() => undefined) }, locale: 'de' });
      expect(await screen.findByText('Audit-Protokoll', { selector: 'h1' })).toBeInTheDocument();
      expect(screen.getByRole('progressbar')).toBeInTheDocument();
      loading.unmount();
      const none = renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: page([]) }, locale: 'de' });
      expect(await screen.findByText('Keine passenden Einträge.')).toBeInTheDocument();
      none.unmount();
      renderInAdmin(<AuditPage />, { dataProvider: { auditEvents: () => Promise.reject(new HttpError('app.errors.general', 500)) }, locale: 'de' });
      expect(await screen.findByRole('alert')).toHaveTextContent('Das Audit-Protokoll konnte nicht geladen werden.');
    });
  });
});
