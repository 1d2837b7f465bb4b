import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, Notification, type DataProvider } from 'react-admin';
import { GatewayList } from '../../../admin/gateways/GatewayList';
import { SetupWizard } from '../../../admin/gateways/SetupWizard';
import { VERIFY_POLL_MS } from '../../../admin/gateways/wizard';
import { readZip } from '../common/readZip';
import { renderInAdmin } from '../helpers';
import type { Language } from '../../../admin/providers/i18nProvider';
import { isShowingSkeleton, listAnswers } from '../listStates';
import { fieldErrorMessage } from '../../../admin/providers/serverMessages';
import { syncStates } from '../network/samples';

const DAY = 24 * 60 * 60 * 1000;
const gateway = (id: string, name: string, expiresInDays: number) => ({
  id,
  name,
  gateway_id: `0016C001FF10A23${id.slice(-1)}`,
  connected: false,
  last_seen: null,
  cert_expires_at: new Date(Date.now() + expiresInDays * DAY).toISOString(),
  created_at: '2026-11-01T00:00:00.000Z',
});
const certificate = {
  server: 'mqtts://console.example:8883',
  ca_cert: 'CA PEM',
  tls_cert: 'CERT PEM',
  tls_key: 'KEY PEM',
  expires_at: '2027-11-22T00:00:00.000Z',
};

describe('gateway list', () => {
  const renderList = (dataProvider: Partial<DataProvider>) => renderInAdmin(<GatewayList />, { resource: 'gateways', dataProvider });

  it('loading: skeleton rows', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });

  it('empty: says so, and the wizard is one click away', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText(/No gateways yet/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Set up a gateway' }));
    expect(await screen.findByRole('dialog', { name: 'Gateway setup' })).toBeInTheDocument();
  });

  it('error: the failure in words', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });

  it("success: a certificate expiring within 30 days is highlighted, a later one is not; 'Never' seen", async () => {
    renderList({ getList: listAnswers.rows([gateway('g1', 'Roof', 10), gateway('g2', 'Barn', 200)]) });
    const roof = (await screen.findByText('Roof')).closest('tr') as HTMLElement;
    expect(within(roof).getByText(/expiring soon/)).toBeInTheDocument();
    expect(within(roof).getByText('Never')).toBeInTheDocument();
    const barn = screen.getByText('Barn').closest('tr') as HTMLElement;
    expect(within(barn).queryByText(/expiring soon/)).toBeNull();
  });

  it('network server linked: a sync column, and a row expands to the sync details with Retry now', async () => {
    const retryNetworkSync = vi.fn(async () => undefined);
    const getList = vi
      .fn()
      .mockResolvedValueOnce({ data: [{ ...gateway('g1', 'Roof', 200), network_sync: syncStates.failed }], total: 1 })
      .mockResolvedValue({ data: [{ ...gateway('g1', 'Roof', 200), network_sync: syncStates.pending }], total: 1 });
    renderList({ getList, retryNetworkSync } as Partial<DataProvider>);
    const row = (await screen.findByText('Roof')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Network server' })).toBeInTheDocument();
    // The chip is the keyboard's way to the details (react-admin's expand icon is aria-hidden).
    const chip = within(row).getByRole('button', { name: 'Network server: Failed' });
    expect(chip).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(chip);
    const panel = await screen.findByRole('region', { name: 'Network server: Failed' });
    expect(chip).toHaveAttribute('aria-expanded', 'true');
    expect(chip).toHaveAttribute('aria-controls', panel.closest('tr')?.id);
    expect(panel).toHaveTextContent('Network server says: dev_eui: invalid length');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Retry now' })));
    expect(retryNetworkSync).toHaveBeenCalledWith('gateway', 'g1');
    expect(await screen.findByRole('region', { name: 'Network server: Pending' })).toBeInTheDocument();
  });

  it('download certificate: asks first, since the certificate in use stops working; then issues once and saves ONE zip', async () => {
    const issueGatewayCertificate = vi.fn(async () => certificate);
    const saved: string[] = [];
    const blobs: Blob[] = [];
    // jsdom has no object URLs and does not download: the files are seen by the names the links carry.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:certificate'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderList({ getList: listAnswers.rows([gateway('g1', 'Roof', 200)]), issueGatewayCertificate } as Partial<DataProvider>);
      const row = (await screen.findByText('Roof')).closest('tr') as HTMLElement;

      fireEvent.click(within(row).getByRole('button', { name: 'Download certificate' }));
      const dialog = await screen.findByRole('dialog', { name: 'New certificate for Roof?' });
      expect(dialog).toHaveTextContent('The certificate the gateway uses now stops working');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(issueGatewayCertificate).not.toHaveBeenCalled();

      fireEvent.click(within(row).getByRole('button', { name: 'Download certificate' }));
      await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' })));
      await waitFor(() => expect(saved).toEqual(['0016C001FF10A231-certificates.zip']));
      const files = await readZip(new Uint8Array(await blobs[0].arrayBuffer()));
      expect(Object.keys(files)).toEqual(['ca.pem', '0016C001FF10A231.cert.pem', '0016C001FF10A231.key.pem', 'README.txt']);
      expect(files['0016C001FF10A231.key.pem']).toBe(certificate.tls_key);
      expect(files['README.txt']).toContain(`server="${certificate.server}"`);
      expect(files['README.txt']).toContain('tls_key="/etc/chirpstack-mqtt-forwarder/0016C001FF10A231.key.pem"');
      expect(issueGatewayCertificate).toHaveBeenCalledTimes(1);
      expect(issueGatewayCertificate).toHaveBeenCalledWith('g1');
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      vi.restoreAllMocks();
    }
  });

  it('download certificate: a failed issue is reported', async () => {
    const issueGatewayCertificate = vi.fn(async () => {
      throw new HttpError('app.errors.networkError', 0, { code: 'networkError', errors: {} });
    });
    const dataProvider = { getList: listAnswers.rows([gateway('g1', 'Roof', 200)]), issueGatewayCertificate } as Partial<DataProvider>;
    renderInAdmin(
      <>
        <GatewayList />
        <Notification />
      </>,
      { resource: 'gateways', dataProvider },
    );
    const row = (await screen.findByText('Roof')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Download certificate' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' })));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(issueGatewayCertificate).toHaveBeenCalledTimes(1);
  });

  it('standalone: no sync column and nothing to expand', async () => {
    renderList({ getList: listAnswers.rows([gateway('g1', 'Roof', 200)]) });
    const row = (await screen.findByText('Roof')).closest('tr') as HTMLElement;
    expect(screen.queryByRole('columnheader', { name: 'Network server' })).toBeNull();
    expect(row.querySelector('[aria-label="Expand"]')).toBeNull();
  });
});

describe('setup wizard', () => {
  afterEach(() => vi.useRealTimers());

  function setup(dataProvider: Record<string, unknown>, locale?: Language) {
    const onClose = vi.fn();
    renderInAdmin(<SetupWizard open onClose={onClose} />, { resource: 'gateways', dataProvider, locale });
    return onClose;
  }

  const toRegister = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

  it('lists the requirements of spec §2', () => {
    setup({});
    for (const text of ['Install the gateway OS.', 'Set a password.', 'Enable the concentrator with the EU868 channel plan.', 'Enable the MQTT forwarder.']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
  });

  it("register: the gateway ID is required; a failure says 'Registration Failed' and why", async () => {
    const create = vi.fn(async () => {
      throw new HttpError('app.errors.general', 409, { errors: { gateway_id: fieldErrorMessage({ code: 'gateway_id_taken' }) } });
    }) as DataProvider['create'] & Mock;
    setup({ create });
    toRegister();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/Gateway ID/), { target: { value: '0016C001FF10A235' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    expect(create).toHaveBeenCalledWith('gateways', expect.objectContaining({ data: { gateway_id: '0016C001FF10A235', name: '' } }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration Failed — This gateway ID is already registered.');
  });

  /** Registers gateway g1 and goes on from configure to verify (button names in the language's words). */
  async function toVerify(dataProvider: Record<string, unknown>, locale: Language = 'en') {
    const words = locale === 'de' ? { next: 'Weiter', id: /Gateway-ID/, register: 'Registrieren' } : { next: 'Next', id: /Gateway ID/, register: 'Register' };
    const create = vi.fn(async () => ({ data: { id: 'g1', gateway_id: '0016C001FF10A235', name: '' } })) as DataProvider['create'] & Mock;
    const issueGatewayCertificate = vi.fn(async () => certificate);
    setup({ create, issueGatewayCertificate, ...dataProvider }, locale);
    // Other languages than English load lazily.
    fireEvent.click(await screen.findByRole('button', { name: words.next }));
    fireEvent.change(screen.getByLabelText(words.id), { target: { value: '0016C001FF10A235' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: words.register })));
    expect(await screen.findByDisplayValue('mqtts://console.example:8883')).toBeInTheDocument();
    return { issueGatewayCertificate, next: () => fireEvent.click(screen.getByRole('button', { name: words.next })) };
  }

  /** A check of the verify step and the state it shows (Done, Waiting…, Cannot be checked). */
  const check = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
  const broker = (connected: boolean) => vi.fn(async () => ({ data: { id: 'g1', connected } }));
  const chirpstack = (seen: boolean) => ({ mode: 'chirpstack', seen, last_seen_at: seen ? '2026-11-23T10:00:00.000Z' : null });
  const standalone = { mode: 'standalone', seen: false, last_seen_at: null };
  const unavailable = () => new HttpError('app.errors.general', 503, { code: 'networkServerUnavailable', errors: {} });
  const poll = () => act(async () => vi.advanceTimersByTime(VERIFY_POLL_MS));

  it('configure shows the server and the three files; standalone: verify polls until connected, then setup complete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const getOne = vi
      .fn()
      .mockResolvedValueOnce({ data: { id: 'g1', connected: false } })
      .mockResolvedValue({ data: { id: 'g1', connected: true } });
    const gatewayNetwork = vi.fn(async () => standalone);
    const { issueGatewayCertificate, next } = await toVerify({ getOne, gatewayNetwork });

    expect(screen.getByLabelText('CA certificate')).toHaveValue('CA PEM');
    expect(screen.getByLabelText('TLS certificate')).toHaveValue('CERT PEM');
    expect(screen.getByLabelText('TLS key')).toHaveValue('KEY PEM');
    expect(screen.getByRole('button', { name: 'Download ca.pem' })).toBeInTheDocument();
    // Issued once, by POST through the data provider, for the gateway just registered.
    expect(issueGatewayCertificate).toHaveBeenCalledTimes(1);
    expect(issueGatewayCertificate).toHaveBeenCalledWith('g1');
    expect(screen.getByText(/client ID must be the gateway ID, 0016C001FF10A235/)).toBeInTheDocument();

    next();
    expect(await screen.findByText('Waiting for the gateway to connect…')).toBeInTheDocument();
    await waitFor(() => expect(getOne).toHaveBeenCalledTimes(1));
    // Standalone: no network-server check to show, the broker connection alone counts.
    expect(screen.queryByText('Seen by the network server')).toBeNull();
    await poll();
    expect(await screen.findByText('Setup complete: the gateway is connected.')).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledWith('gateways', { id: 'g1' });
    expect(gatewayNetwork).toHaveBeenCalledWith('g1');
  });

  it('ChirpStack, nothing yet: both checks wait, no hint yet', async () => {
    const { next } = await toVerify({ getOne: broker(false), gatewayNetwork: vi.fn(async () => chirpstack(false)) });
    next();
    await waitFor(() => expect(check('Connected to the platform (TLS)')).toHaveTextContent('Waiting…'));
    expect(check('Seen by the network server')).toHaveTextContent('Waiting…');
    expect(screen.queryByText(/ChirpStack has not heard/)).toBeNull();
  });

  it('ChirpStack: connected but not yet seen explains why, and completes only once the network server sees the gateway', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gatewayNetwork = vi.fn().mockResolvedValueOnce(chirpstack(false)).mockResolvedValue(chirpstack(true));
    const { next } = await toVerify({ getOne: broker(true), gatewayNetwork });
    next();
    expect(await screen.findByText(/ChirpStack has not heard from it yet/)).toHaveTextContent('README, “Connecting ChirpStack v4”');
    expect(check('Connected to the platform (TLS)')).toHaveTextContent('Done');
    expect(check('Seen by the network server')).toHaveTextContent('Waiting…');
    expect(screen.queryByText(/Setup complete/)).toBeNull();
    await poll();
    expect(await screen.findByText('Setup complete: the gateway is connected and the network server hears it.')).toBeInTheDocument();
  });

  it('ChirpStack: seen but the TLS session is not up yet is not complete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const getOne = vi
      .fn()
      .mockResolvedValueOnce({ data: { id: 'g1', connected: false } })
      .mockResolvedValue({ data: { id: 'g1', connected: true } });
    const { next } = await toVerify({ getOne, gatewayNetwork: vi.fn(async () => chirpstack(true)) });
    next();
    await waitFor(() => expect(check('Seen by the network server')).toHaveTextContent('Done'));
    expect(check('Connected to the platform (TLS)')).toHaveTextContent('Waiting…');
    expect(screen.queryByText(/ChirpStack has not heard/)).toBeNull();
    await poll();
    expect(await screen.findByText('Setup complete: the gateway is connected and the network server hears it.')).toBeInTheDocument();
  });

  it('ChirpStack down (503): says the network server cannot be reached, never completes on TLS alone, recovers when it answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gatewayNetwork = vi.fn().mockRejectedValueOnce(unavailable()).mockRejectedValueOnce(unavailable()).mockResolvedValue(chirpstack(true));
    const { next } = await toVerify({ getOne: broker(true), gatewayNetwork });
    next();
    expect(await screen.findByText(/The network server cannot be reached/)).toBeInTheDocument();
    expect(check('Seen by the network server')).toHaveTextContent('Cannot be checked');
    expect(check('Connected to the platform (TLS)')).toHaveTextContent('Done');
    await poll();
    await waitFor(() => expect(gatewayNetwork).toHaveBeenCalledTimes(2));
    expect(screen.getByText(/The network server cannot be reached/)).toBeInTheDocument();
    expect(screen.queryByText(/Setup complete/)).toBeNull();
    await poll();
    expect(await screen.findByText('Setup complete: the gateway is connected and the network server hears it.')).toBeInTheDocument();
  });

  it('in German: the checks, the hint and the unreachable network server', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const gatewayNetwork = vi.fn().mockResolvedValueOnce(chirpstack(false)).mockRejectedValue(unavailable());
    const { next } = await toVerify({ getOne: broker(true), gatewayNetwork }, 'de');
    next();
    expect(await screen.findByText(/ChirpStack hat es noch nicht gehört/)).toBeInTheDocument();
    expect(check('Mit der Plattform verbunden (TLS)')).toHaveTextContent('Erledigt');
    expect(check('Vom Netzwerkserver gesehen')).toHaveTextContent('Warten…');
    await poll();
    expect(await screen.findByText(/Der Netzwerkserver ist nicht erreichbar/)).toBeInTheDocument();
    expect(check('Vom Netzwerkserver gesehen')).toHaveTextContent('Nicht prüfbar');
  });

  it('another failure of the check: the error in words, and no completion on TLS alone', async () => {
    const gatewayNetwork = vi.fn(async () => {
      throw new HttpError('app.errors.networkError', 0, { code: 'networkError', errors: {} });
    });
    const { next } = await toVerify({ getOne: broker(true), gatewayNetwork });
    next();
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(screen.getByText('Waiting for the gateway to connect…')).toBeInTheDocument();
    expect(screen.queryByText(/Setup complete/)).toBeNull();
  });

  it('configure: a failed issue says so and does not go on', async () => {
    const create = vi.fn(async () => ({ data: { id: 'g1', gateway_id: '0016C001FF10A235', name: '' } })) as DataProvider['create'] & Mock;
    const issueGatewayCertificate = vi.fn(async () => {
      throw new HttpError('app.errors.general', 500, { code: 'general', errors: {} });
    });
    setup({ create, issueGatewayCertificate });
    toRegister();
    fireEvent.change(screen.getByLabelText(/Gateway ID/), { target: { value: '0016C001FF10A235' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.queryByLabelText('TLS key')).toBeNull();
  });

  it('skip and close works from any step', async () => {
    const onClose = setup({});
    toRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Skip and close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
