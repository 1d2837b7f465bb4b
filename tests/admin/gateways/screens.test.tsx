import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { GatewayList } from '../../../admin/gateways/GatewayList';
import { SetupWizard } from '../../../admin/gateways/SetupWizard';
import { VERIFY_POLL_MS } from '../../../admin/gateways/wizard';
import { renderInAdmin } from '../helpers';
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

  it('standalone: no sync column and nothing to expand', async () => {
    renderList({ getList: listAnswers.rows([gateway('g1', 'Roof', 200)]) });
    const row = (await screen.findByText('Roof')).closest('tr') as HTMLElement;
    expect(screen.queryByRole('columnheader', { name: 'Network server' })).toBeNull();
    expect(row.querySelector('[aria-label="Expand"]')).toBeNull();
  });
});

describe('setup wizard', () => {
  afterEach(() => vi.useRealTimers());

  function setup(dataProvider: Record<string, unknown>) {
    const onClose = vi.fn();
    renderInAdmin(<SetupWizard open onClose={onClose} />, { resource: 'gateways', dataProvider });
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

  it('configure shows the server and the three files; verify polls until connected, then setup complete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const create = vi.fn(async () => ({ data: { id: 'g1', gateway_id: '0016C001FF10A235', name: '' } })) as DataProvider['create'] & Mock;
    const getOne = vi
      .fn()
      .mockResolvedValueOnce({ data: { id: 'g1', connected: false } })
      .mockResolvedValue({ data: { id: 'g1', connected: true } });
    const gatewayCertificate = vi.fn(async () => certificate);
    setup({ create, getOne, gatewayCertificate });
    toRegister();
    fireEvent.change(screen.getByLabelText(/Gateway ID/), { target: { value: '0016C001FF10A235' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Register' })));

    expect(await screen.findByDisplayValue('mqtts://console.example:8883')).toBeInTheDocument();
    expect(screen.getByLabelText('CA certificate')).toHaveValue('CA PEM');
    expect(screen.getByLabelText('TLS certificate')).toHaveValue('CERT PEM');
    expect(screen.getByLabelText('TLS key')).toHaveValue('KEY PEM');
    expect(screen.getByRole('button', { name: 'Download ca.pem' })).toBeInTheDocument();
    expect(gatewayCertificate).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Waiting for the gateway to connect…')).toBeInTheDocument();
    await waitFor(() => expect(getOne).toHaveBeenCalledTimes(1));
    await act(async () => vi.advanceTimersByTime(VERIFY_POLL_MS));
    expect(await screen.findByText('Setup complete: the gateway is connected.')).toBeInTheDocument();
    expect(getOne).toHaveBeenCalledWith('gateways', { id: 'g1' });
  });

  it('skip and close works from any step', async () => {
    const onClose = setup({});
    toRegister();
    fireEvent.click(screen.getByRole('button', { name: 'Skip and close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
