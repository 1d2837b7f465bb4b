import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { InfoPage } from '../../../admin/info/InfoPage';
import type { NetworkStatus } from '../../../admin/types/api';
import { version } from '../../../package.json';
import { renderInAdmin, signInWith, signOut } from '../helpers';

const standalone = async (): Promise<NetworkStatus> => ({ mode: 'standalone', pending: 0, failed: 0 });

describe('info screen', () => {
  it('loading: the frontend version at once, the backend still being asked', () => {
    renderInAdmin(<InfoPage />, { dataProvider: { version: () => new Promise(() => undefined), networkStatus: standalone } });
    expect(screen.getByText(version)).toBeInTheDocument();
    expect(screen.getByTestId('backend-version')).toHaveTextContent('…');
    expect(screen.queryByText('Online')).toBeNull();
    expect(screen.queryByText('Offline')).toBeNull();
  });

  it('success: the backend version and Online', async () => {
    renderInAdmin(<InfoPage />, { dataProvider: { version: async () => ({ version: '9.8.7' }), networkStatus: standalone } });
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.getByTestId('backend-version')).toHaveTextContent('9.8.7');
  });

  it("error: 'Backend Unavailable' and Offline", async () => {
    renderInAdmin(<InfoPage />, { dataProvider: { version: () => Promise.reject(new TypeError('Failed to fetch')), networkStatus: standalone } });
    expect(await screen.findByText('Offline')).toBeInTheDocument();
    expect(screen.getByTestId('backend-version')).toHaveTextContent('Backend Unavailable');
  });
});

describe('info screen: network server', () => {
  const renderInfo = (networkStatus: () => Promise<NetworkStatus>, locale?: 'de') =>
    renderInAdmin(<InfoPage />, { locale, dataProvider: { version: async () => ({ version: '9.8.7' }), networkStatus } });
  const section = (name = 'Network server') => screen.findByRole('region', { name });

  it('loading: the mode still being asked, no counts', async () => {
    renderInfo(() => new Promise(() => undefined));
    expect(within(await section()).getByTestId('network-mode')).toHaveTextContent('…');
    expect(screen.queryByTestId('network-pending')).toBeNull();
  });

  it('standalone: says that data comes through the ingest API and nothing is provisioned; no counts', async () => {
    renderInfo(standalone);
    const mode = within(await section()).getByTestId('network-mode');
    expect(await within(mode).findByText('Standalone')).toBeInTheDocument();
    expect(mode).toHaveTextContent('Device data arrives through the ingest API; nothing is provisioned in a network server.');
    expect(screen.queryByTestId('network-pending')).toBeNull();
    expect(screen.queryByTestId('network-failed')).toBeNull();
  });

  it('ChirpStack, nothing waiting (empty): both counts are 0', async () => {
    renderInfo(async () => ({ mode: 'chirpstack', pending: 0, failed: 0 }));
    expect(await screen.findByText('ChirpStack')).toBeInTheDocument();
    expect(screen.getByTestId('network-pending')).toHaveTextContent(/^0$/);
    expect(screen.getByTestId('network-failed')).toHaveTextContent(/^0$/);
    expect(screen.queryByText(/ingest API/)).toBeNull();
  });

  it('ChirpStack with a backlog: how many changes wait and how many failed', async () => {
    renderInfo(async () => ({ mode: 'chirpstack', pending: 12, failed: 3 }));
    const region = await section();
    expect(await within(region).findByText('ChirpStack')).toBeInTheDocument();
    expect(within(region).getByRole('row', { name: 'Changes waiting 12' })).toBeInTheDocument();
    expect(within(region).getByRole('row', { name: 'Changes failed 3' })).toBeInTheDocument();
  });

  it('in German', async () => {
    renderInfo(async () => ({ mode: 'chirpstack', pending: 12, failed: 3 }), 'de');
    const region = await section('Netzwerkserver');
    expect(await within(region).findByRole('row', { name: 'Wartende Änderungen 12' })).toBeInTheDocument();
    expect(within(region).getByRole('row', { name: 'Fehlgeschlagene Änderungen 3' })).toBeInTheDocument();
  });

  it('no MQTT link (no MQTT_URL): no MQTT rows', async () => {
    renderInfo(async () => ({ mode: 'chirpstack', pending: 0, failed: 0 }));
    expect(await screen.findByText('ChirpStack')).toBeInTheDocument();
    expect(screen.queryByTestId('mqtt-link')).toBeNull();
    expect(screen.queryByTestId('mqtt-error')).toBeNull();
  });

  it('MQTT link connected, never failed: the state and since when, no problem row', async () => {
    const mqtt = { state: 'connected', since: '2026-03-01T10:00:00.000Z', error_code: null, error_at: null } as const;
    renderInfo(async () => ({ mode: 'standalone', pending: 0, failed: 0, mqtt }));
    const link = await within(await section()).findByTestId('mqtt-link');
    expect(within(link).getByText('Connected')).toBeInTheDocument();
    expect(link).toHaveTextContent(/Since .*2026/);
    expect(screen.getByRole('row', { name: /^MQTT link of this server Connected/ })).toBeInTheDocument();
    expect(screen.queryByTestId('mqtt-error')).toBeNull();
  });

  it('MQTT link reconnecting: says so, and why it last failed and when', async () => {
    const mqtt = { state: 'reconnecting', since: '2026-03-01T10:05:00.000Z', error_code: 'broker_unreachable', error_at: '2026-03-01T10:05:00.000Z' } as const;
    renderInfo(async () => ({ mode: 'chirpstack', pending: 0, failed: 0, mqtt }));
    const region = await section();
    expect(within(await within(region).findByTestId('mqtt-link')).getByText('Reconnecting')).toBeInTheDocument();
    const problem = within(region).getByRole('row', { name: /^Last MQTT problem/ });
    expect(problem).toHaveTextContent('The MQTT broker (MQTT_URL) cannot be reached. The connection is retried automatically.');
    expect(problem).toHaveTextContent(/At .*2026/);
  });

  it('MQTT link in German', async () => {
    const mqtt = { state: 'connected', since: '2026-03-01T10:05:00.000Z', error_code: 'processing_failed', error_at: '2026-03-01T10:04:00.000Z' } as const;
    renderInfo(async () => ({ mode: 'standalone', pending: 0, failed: 0, mqtt }), 'de');
    const region = await section('Netzwerkserver');
    expect(within(await within(region).findByTestId('mqtt-link')).getByText('Verbunden')).toBeInTheDocument();
    expect(within(region).getByRole('row', { name: /^MQTT-Verbindung dieses Servers Verbunden Seit/ })).toBeInTheDocument();
    expect(within(region).getByRole('row', { name: /^Letztes MQTT-Problem/ })).toHaveTextContent(
      'Ein Ereignis konnte nicht gespeichert werden. Es wurde nicht bestätigt, daher sendet der Broker es nach dem Wiederverbinden erneut.',
    );
  });

  it('error: says the status could not be loaded; the rest of the page stays', async () => {
    renderInfo(() => Promise.reject(new HttpError('app.errors.networkError', 0)));
    expect(await within(await section()).findByRole('alert')).toHaveTextContent('The network server status could not be loaded.');
    expect(screen.queryByTestId('network-mode')).toBeNull();
    expect(await screen.findByText('Online')).toBeInTheDocument();
  });
});

describe('info screen: the way to reconciliation', () => {
  afterEach(signOut);
  const chirpstack = async (): Promise<NetworkStatus> => ({ mode: 'chirpstack', pending: 0, failed: 2 });
  const renderAs = async (role: 'owner' | 'member', networkStatus: () => Promise<NetworkStatus>, locale?: 'de') => {
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role }] });
    renderInAdmin(<InfoPage />, { locale, dataProvider: { version: async () => ({ version: '9.8.7' }), networkStatus } });
  };

  it("an owner of the selected company, with ChirpStack: a link to the company's reconciliation", async () => {
    await renderAs('owner', chirpstack);
    const link = await screen.findByRole('link', { name: 'Reconcile with the network server' });
    expect(link).toHaveAttribute('href', '/network/reconcile');
    expect(screen.getByRole('region', { name: 'Network server' })).toContainElement(link);
  });

  it('in German', async () => {
    await renderAs('owner', chirpstack, 'de');
    expect(await screen.findByRole('link', { name: 'Mit dem Netzwerkserver abgleichen' })).toBeInTheDocument();
  });

  it('a member: no link', async () => {
    await renderAs('member', chirpstack);
    expect(await screen.findByText('ChirpStack')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reconcile with the network server' })).toBeNull();
  });

  it('standalone: no link, there is nothing to reconcile with', async () => {
    await renderAs('owner', standalone);
    expect(await screen.findByText('Standalone')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Reconcile with the network server' })).toBeNull();
  });
});
