import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { GatewayList } from '../../../../admin/gateways/GatewayList';
import { GatewayFrames } from '../../../../admin/gateways/show/GatewayFrames';
import { GatewayShow } from '../../../../admin/gateways/show/GatewayShow';
import { HeardDevices } from '../../../../admin/gateways/show/HeardDevices';
import type { Language } from '../../../../admin/providers/i18nProvider';
import { renderInAdmin } from '../../helpers';
import { listAnswers } from '../../listStates';
import { describeSectionStates, type SectionCase } from '../../sectionStates';
import { gateway, gatewayFrames, heard } from '../../devices/show/samples';
import { syncStates } from '../../network/samples';

const cases: SectionCase[] = [
  {
    name: 'devices heard recently',
    element: () => <HeardDevices />,
    method: 'gatewayDevices',
    empty: async () => [],
    success: async () => heard,
    texts: {
      en: {
        title: 'Devices heard in the last 24 hours',
        empty: /No devices heard in the last 24 hours/,
        error: /Error loading the devices this gateway heard/,
      },
      de: {
        title: 'In den letzten 24 Stunden gehörte Geräte',
        empty: /In den letzten 24 Stunden wurden keine Geräte gehört/,
        error: /Fehler beim Laden der Geräte, die dieses Gateway gehört hat/,
      },
    },
    shows: async (region, language: Language, phone) => {
      const link = await within(region).findByRole('link', { name: 'Greenhouse 3' });
      expect(link).toHaveAttribute('href', '/devices/d1/show');
      const row = link.closest('tr') as HTMLElement;
      expect(row).toHaveTextContent('-75 dBm / 7.5 dB');
      // The best figures and the count need the wide table.
      if (phone) expect(row).not.toHaveTextContent('-68 dBm / 13.2 dB');
      else {
        expect(row).toHaveTextContent('-68 dBm / 13.2 dB');
        expect(within(region).getByRole('columnheader', { name: language === 'en' ? 'Best RSSI / SNR' : 'Bester RSSI / SNR' })).toBeInTheDocument();
      }
    },
  },
  {
    name: 'recent frames',
    element: () => <GatewayFrames />,
    method: 'gatewayFrames',
    empty: async () => [],
    success: async () => gatewayFrames,
    texts: {
      en: { title: 'Recent frames', empty: /has not received any frames of your devices yet/, error: /Error loading frames/ },
      de: { title: 'Letzte Frames', empty: /hat noch keine Frames Ihrer Geräte empfangen/, error: /Fehler beim Laden der Frames/ },
    },
    shows: async (region, _language, phone) => {
      const row = (await within(region).findByRole('link', { name: 'Greenhouse 3' })).closest('tr') as HTMLElement;
      expect(row).toHaveTextContent('153');
      expect(row).toHaveTextContent('-68 dBm / 13.2 dB');
      if (phone) expect(row).not.toHaveTextContent('867.3 MHz');
      else expect(row).toHaveTextContent('867.3 MHz');
    },
  },
];

describeSectionStates('gateway page', gateway, cases);

describe('the gateway page', () => {
  it.each([
    ['en', 'Gateway ID', 'Devices heard in the last 24 hours'],
    ['de', 'Gateway-ID', 'In den letzten 24 Stunden gehörte Geräte'],
  ] as const)('in %s: its details, the devices it heard, its frames', async (locale, idLabel, heardTitle) => {
    renderInAdmin(<GatewayShow />, {
      resource: 'gateways',
      path: '/gateways/g1/show',
      routePath: '/gateways/:id/show',
      locale,
      dataProvider: {
        getOne: (async () => ({ data: gateway })) as DataProvider['getOne'],
        gatewayDevices: async () => heard,
        gatewayFrames: async () => gatewayFrames,
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Roof' })).toBeInTheDocument();
    expect(screen.getByText(idLabel)).toBeInTheDocument();
    expect(screen.getByText('0016C001F153A14C')).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: heardTitle });
    expect(await within(region).findByRole('link', { name: 'Greenhouse 3' })).toBeInTheDocument();
  });

  it('linked to a network server: the gateway’s sync state with its reason', async () => {
    renderInAdmin(<GatewayShow />, {
      resource: 'gateways',
      path: '/gateways/g1/show',
      routePath: '/gateways/:id/show',
      dataProvider: {
        getOne: (async () => ({ data: { ...gateway, network_sync: syncStates.failed } })) as DataProvider['getOne'],
        gatewayDevices: async () => [],
        gatewayFrames: async () => [],
      },
    });
    const panel = await screen.findByRole('region', { name: 'Network server: Failed' });
    expect(panel).toHaveTextContent('The network server refused the values.');
  });

  it('a row of the gateway list opens the gateway page', async () => {
    renderInAdmin(<GatewayList />, { resource: 'gateways', path: '/gateways', dataProvider: { getList: listAnswers.rows([gateway]) } });
    fireEvent.click(await screen.findByText('Roof'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/gateways/g1/show'));
  });

  it("the row's sync chip opens the sync details, not the page", async () => {
    renderInAdmin(<GatewayList />, {
      resource: 'gateways',
      path: '/gateways',
      dataProvider: { getList: listAnswers.rows([{ ...gateway, network_sync: syncStates.failed }]) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Network server: Failed' }));
    expect(await screen.findByRole('region', { name: 'Network server: Failed' })).toBeInTheDocument();
    // A row click navigates after a few promise steps (react-admin resolves the link first): let them run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/gateways$/);
  });
});
