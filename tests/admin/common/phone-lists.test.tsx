import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider } from 'react-admin';
import { DeviceList } from '../../../admin/devices/DeviceList';
import { GatewayList } from '../../../admin/gateways/GatewayList';
import { renderInAdmin } from '../helpers';
import { isShowingSkeleton, listAnswers } from '../listStates';
import { PHONE_WIDTH, stubViewportWidth } from '../viewport';

const device = { id: 'd1', name: 'Cellar sensor', dev_eui: 'A84041000181C61E', last_seen: null, power_status: 'battery_low', battery_level: 9 };
const gateway = { id: 'g1', name: 'Roof', gateway_id: '0016C001FF10A231', connected: true, last_seen: '2026-11-27T10:00:00.000Z', cert_expires_at: null };

const lists = [
  {
    name: 'devices',
    ui: () => <DeviceList />,
    row: device,
    heading: 'Cellar sensor',
    empty: /No Devices yet/i,
    status: { en: 'Battery low', de: 'Batterie schwach' },
  },
  { name: 'gateways', ui: () => <GatewayList />, row: gateway, heading: 'Roof', empty: /No gateways yet/, status: { en: 'Connected', de: 'Verbunden' } },
] as const;

/** At phone width the lists are cards (no table to overflow sideways); each card opens its record. */
describe.each(lists)('$name list on a phone', ({ name, ui, row, heading, empty, status }) => {
  beforeEach(() => stubViewportWidth(PHONE_WIDTH));
  afterEach(() => vi.unstubAllGlobals());
  const renderList = (dataProvider: Partial<DataProvider> & Record<string, unknown>, locale: 'en' | 'de' = 'en') =>
    renderInAdmin(ui(), { resource: name, locale, dataProvider: { getMany: async () => ({ data: [] }), ...dataProvider } });

  it('loading', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton() || screen.queryAllByRole('progressbar').length > 0).toBe(true));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('empty', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText(empty)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('error', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error');
  });

  it.each(['en', 'de'] as const)('success in %s: a card with name and status that opens the record, no table', async (locale) => {
    renderList({ getList: listAnswers.rows([row]) }, locale);
    const card = (await screen.findByText(heading)).closest('a') as HTMLElement;
    expect(card).toHaveAttribute('href', `/${name}/${row.id}/show`);
    expect(within(card).getByText(status[locale])).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
