import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { ReconcilePage } from '../../../admin/network/reconcile/ReconcilePage';
import type { Language } from '../../../admin/providers/i18nProvider';
import type { Drift, ReconcileResult } from '../../../admin/types/api';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const device = (problem: Drift['problem'], key: string, name: string): Drift => ({
  kind: 'device',
  problem,
  key,
  name,
  entity_id: problem === 'missing_here' ? null : `id-${key}`,
  company_id: 'c1',
});
const cellar = device('missing_there', '0011223344556677', 'Cellar');
const attic = device('keys_differ', '70B3D57ED0000001', 'Attic');
const garage = device('profile_differs', '70B3D57ED0000003', 'Garage');
const stray = device('missing_here', '70B3D57ED0000002', 'Stray');
const roof: Drift = { kind: 'gateway', problem: 'missing_there', key: '0016c001ff10a235', name: 'Roof', entity_id: 'g1', company_id: 'c1' };
const DRIFT = [cellar, attic, garage, stray, roof];

/** The error the data provider rejects with for a failed answer of the API (status, code). */
const apiFailure = (status: number, code: string, key = 'app.errors.general') => new HttpError(key, status, { code, errors: {} });

interface Answers {
  reconcileDrift?: (companyId: string) => Promise<Drift[]>;
  reconcileFix?: (companyId: string, items: unknown[]) => Promise<ReconcileResult>;
  locale?: Language;
}

async function openAs(role: 'owner' | 'member', { reconcileDrift = async () => DRIFT, reconcileFix = vi.fn(), locale }: Answers = {}) {
  await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role }] });
  renderInAdmin(<ReconcilePage />, { dataProvider: { reconcileDrift, reconcileFix }, locale });
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^Select ${name}`) });

describe('reconcile screen', () => {
  beforeEach(() => {
    localStorage.clear();
    stubViewportWidth(DESKTOP_WIDTH);
  });
  afterEach(signOut);

  it('member: says only owners may reconcile, and asks the server nothing', async () => {
    const reconcileDrift = vi.fn(async () => DRIFT);
    await openAs('member', { reconcileDrift });
    expect(await screen.findByText('Only owners of the company can reconcile it with the network server.')).toBeInTheDocument();
    expect(reconcileDrift).not.toHaveBeenCalled();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('loading: a progress bar while the network server is compared', async () => {
    await openAs('owner', { reconcileDrift: () => new Promise(() => undefined) });
    expect(await screen.findByRole('progressbar', { name: 'Comparing with the network server…' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Fix selected/ })).toBeNull();
  });

  it('empty: everything agrees, nothing to fix', async () => {
    const reconcileDrift = vi.fn(async () => []);
    await openAs('owner', { reconcileDrift });
    expect(await screen.findByText('Everything agrees: the network server holds what this platform has.')).toBeInTheDocument();
    expect(reconcileDrift).toHaveBeenCalledWith('c1');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: /Fix selected/ })).toBeNull();
  });

  it('desktop: a table of kind, name, key and the problem in plain words, every difference selected', async () => {
    await openAs('owner');
    const table = await screen.findByRole('table', { name: 'Differences' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Kind', 'Name', 'ID (DevEUI / gateway ID)', 'Problem']);
    expect(row('Cellar')).toHaveTextContent('DeviceCellar0011223344556677Missing in the network server');
    expect(row('Attic')).toHaveTextContent("Keys differ — this platform's keys will be sent");
    expect(row('Garage')).toHaveTextContent("Device profile differs — this platform's profile will be set");
    expect(row('Stray')).toHaveTextContent('Only in the network server — adopt into this company');
    expect(row('Roof')).toHaveTextContent('Gateway');
    for (const name of ['Cellar', 'Attic', 'Garage', 'Stray', 'Roof']) expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Fix selected (5)' })).toBeEnabled();
    expect(screen.queryByRole('list', { name: 'Differences' })).toBeNull();
  });

  it('phone: the same differences as a list, each with its checkbox and problem', async () => {
    stubViewportWidth(PHONE_WIDTH);
    await openAs('owner');
    const list = await screen.findByRole('list', { name: 'Differences' });
    expect(screen.queryByRole('table')).toBeNull();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('CellarDevice · 0011223344556677Missing in the network server');
    fireEvent.click(within(items[0] as HTMLElement).getByRole('checkbox', { name: 'Select Cellar' }));
    expect(screen.getByRole('button', { name: 'Fix selected (4)' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('data-indeterminate', 'true');
  });

  it('selection: one can be left out, and none at all disables fixing', async () => {
    await openAs('owner');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Roof' }));
    expect(screen.getByRole('button', { name: 'Fix selected (4)' })).toBeEnabled();
    // Select all with one left out selects all again; pressed once more it clears the selection.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('button', { name: 'Fix selected (5)' })).toBeEnabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByRole('checkbox', { name: 'Select Cellar' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Fix selected (0)' })).toBeDisabled();
  });

  it('success: confirm says what happens, the chosen are fixed, the result is shown and the drift read again', async () => {
    const reconcileDrift = vi.fn(async () => DRIFT);
    const reconcileFix = vi.fn(async () => ({ fixed: 3, skipped: [stray] }));
    await openAs('owner', { reconcileDrift, reconcileFix });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Roof' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fix selected (4)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fix 4 differences?' });
    expect(dialog).toHaveTextContent("3 entries will be sent to the network server again; this platform's version replaces what the network server holds.");
    expect(dialog).toHaveTextContent('1 entry that exists only in the network server will be added to Acme.');
    expect(dialog).toHaveTextContent('Nothing is deleted.');
    expect(reconcileFix).not.toHaveBeenCalled();
    // What is left after the fix: the gateway left out, and the stray the server skipped.
    reconcileDrift.mockImplementation(async () => [stray, roof]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Fix' })));

    expect(reconcileFix).toHaveBeenCalledWith(
      'c1',
      [cellar, attic, garage, stray].map(({ kind, key }) => ({ kind, key })),
    );
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('3 fixed, 1 skipped');
    expect(within(result).getByRole('list', { name: 'Skipped' })).toHaveTextContent(
      'Stray (70B3D57ED0000002)The network server gave no keys for this device, so it cannot be adopted.',
    );
    expect(result).toHaveTextContent('The fixes are sent to the network server within seconds');
    await waitFor(() => expect(screen.queryByRole('row', { name: /^Select Cellar/ })).toBeNull());
    expect(reconcileDrift).toHaveBeenCalledTimes(2);
    // What the user left out is selected again in the fresh list.
    expect(screen.getByRole('checkbox', { name: 'Select Roof' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Fix selected (2)' })).toBeEnabled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('success with profiles only the network server holds: skipped, and why; differences gone since count too', async () => {
    const orphan: Drift = { kind: 'profile', problem: 'missing_here', key: 'cs-profile-1', name: 'Old profile', entity_id: null, company_id: null };
    const reconcileDrift = vi.fn(async () => [orphan, cellar, attic]);
    await openAs('owner', { reconcileDrift, reconcileFix: async () => ({ fixed: 1, skipped: [orphan] }) });
    expect(await screen.findByRole('row', { name: /^Select Old profile/ })).toHaveTextContent('Only in the network server — profiles cannot be adopted');
    reconcileDrift.mockImplementation(async () => []);
    fireEvent.click(screen.getByRole('button', { name: 'Fix selected (3)' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fix' })));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('1 fixed, 1 skipped');
    expect(result).toHaveTextContent('1 no longer differed.');
    expect(result).toHaveTextContent('Profiles that exist only in the network server cannot be adopted: it does not hold their codec.');
    expect(await screen.findByText('Everything agrees: the network server holds what this platform has.')).toBeInTheDocument();
  });

  it('error 403: only owners (the server refused, e.g. the role changed meanwhile)', async () => {
    await openAs('owner', { reconcileDrift: () => Promise.reject(apiFailure(403, 'forbidden', 'app.errors.unauthorized')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Only owners of the company can reconcile it with the network server.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('error 409: no network server is linked', async () => {
    await openAs('owner', { reconcileDrift: () => Promise.reject(apiFailure(409, 'networkServerRequired', 'app.errors.validation')) });
    expect(await screen.findByRole('alert')).toHaveTextContent('No network server is linked (standalone mode), so there is nothing to reconcile.');
  });

  it('error 503: cannot reach it; Check again asks once more and shows the answer', async () => {
    const reconcileDrift = vi.fn((): Promise<Drift[]> => Promise.reject(apiFailure(503, 'networkServerUnavailable')));
    await openAs('owner', { reconcileDrift });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The network server cannot be reached. Try again in a moment.');
    reconcileDrift.mockImplementation(async () => [cellar]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('row', { name: /^Select Cellar/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('error while fixing: the reason is shown, the differences stay', async () => {
    await openAs('owner', { reconcileFix: () => Promise.reject(apiFailure(422, 'networkServerRefused', 'app.errors.validation')) });
    fireEvent.click(await screen.findByRole('button', { name: 'Fix selected (5)' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fix' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('The network server refused the request.');
    expect(screen.getByRole('row', { name: /^Select Cellar/ })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('any other failure reads as its catalogue text', async () => {
    await openAs('owner', { reconcileDrift: () => Promise.reject(new HttpError('app.errors.networkError', 0, { code: 'networkError' })) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });
});

describe('reconcile screen in German', () => {
  beforeEach(() => {
    localStorage.clear();
    stubViewportWidth(DESKTOP_WIDTH);
  });
  afterEach(signOut);

  it('table, problems, confirmation and result', async () => {
    await openAs('owner', { locale: 'de', reconcileFix: async () => ({ fixed: 4, skipped: [stray] }) });
    const table = await screen.findByRole('table', { name: 'Unterschiede' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Art', 'Name', 'ID (DevEUI / Gateway-ID)', 'Problem']);
    expect(screen.getByRole('row', { name: /^Cellar auswählen/ })).toHaveTextContent('GerätCellar0011223344556677Fehlt im Netzwerkserver');
    expect(screen.getByRole('row', { name: /^Stray auswählen/ })).toHaveTextContent('Nur im Netzwerkserver – in diese Firma übernehmen');
    fireEvent.click(screen.getByRole('button', { name: 'Auswahl beheben (5)' }));
    const dialog = await screen.findByRole('dialog', { name: '5 Unterschiede beheben?' });
    expect(dialog).toHaveTextContent('1 Eintrag, den es nur im Netzwerkserver gibt, wird in Acme übernommen.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Beheben' })));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent('4 behoben, 1 übersprungen');
    expect(result).toHaveTextContent('Der Netzwerkserver hat keine Schlüssel für dieses Gerät geliefert');
  });

  it.each([
    [403, 'forbidden', 'Nur Inhaber der Firma können sie mit dem Netzwerkserver abgleichen.'],
    [409, 'networkServerRequired', 'Es ist kein Netzwerkserver angebunden (eigenständiger Betrieb), daher gibt es nichts abzugleichen.'],
    [503, 'networkServerUnavailable', 'Der Netzwerkserver ist nicht erreichbar. Versuchen Sie es gleich noch einmal.'],
  ])('error %i in German', async (status, code, text) => {
    await openAs('owner', { locale: 'de', reconcileDrift: () => Promise.reject(apiFailure(status, code)) });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('empty in German', async () => {
    await openAs('owner', { locale: 'de', reconcileDrift: async () => [] });
    expect(await screen.findByText('Alles stimmt überein: Der Netzwerkserver hat denselben Stand wie diese Plattform.')).toBeInTheDocument();
  });

  it('member in German', async () => {
    await openAs('member', { locale: 'de' });
    expect(await screen.findByText('Nur Inhaber der Firma können sie mit dem Netzwerkserver abgleichen.')).toBeInTheDocument();
  });
});
