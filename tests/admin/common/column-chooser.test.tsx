import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { DeviceList } from '../../../admin/devices/DeviceList';
import { GatewayList } from '../../../admin/gateways/GatewayList';
import { ProfileList } from '../../../admin/profiles/ProfileList';
import type { Language } from '../../../admin/providers/i18nProvider';
import { renderInAdmin } from '../helpers';
import { listAnswers } from '../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

const lists: { resource: string; list: () => ReactElement; row: Record<string, unknown>; column: Record<Language, string> }[] = [
  {
    resource: 'devices',
    list: () => <DeviceList />,
    row: { id: 'd1', name: 'Cellar', dev_eui: 'A84041000181C61E', config_name: null, unit_name: null, last_seen: null, power_status: 'external' },
    column: { en: 'DevEUI', de: 'DevEUI' },
  },
  {
    resource: 'gateways',
    list: () => <GatewayList />,
    row: {
      id: 'g1',
      name: 'Roof',
      gateway_id: '0016C001FF10A235',
      connected: true,
      last_seen: null,
      cert_expires_at: null,
      created_at: '2026-11-01T00:00:00.000Z',
    },
    column: { en: 'Gateway ID', de: 'Gateway-ID' },
  },
  {
    resource: 'profiles',
    list: () => <ProfileList />,
    row: {
      id: 'p1',
      name: 'LHT65N',
      supports_otaa: true,
      supports_class_b: false,
      supports_class_c: false,
      is_template: false,
      created_at: '2026-11-01T00:00:00.000Z',
    },
    column: { en: 'Created', de: 'Erstellt' },
  },
];

const chooser: Record<Language, string> = { en: 'Columns', de: 'Spalten' };

describe('the column chooser of the lists (react-admin DataTable)', () => {
  afterEach(() => vi.unstubAllGlobals());

  describe.each(lists)('$resource', ({ resource, list, row, column }) => {
    it.each(['en', 'de'] as const)('hides a column from the chooser and shows it again (%s, desktop)', async (locale) => {
      stubViewportWidth(DESKTOP_WIDTH);
      renderInAdmin(list(), { resource, locale, dataProvider: { getList: listAnswers.rows([row]), getMany: async () => ({ data: [] }) } });
      const header = await screen.findByRole('columnheader', { name: column[locale] });
      expect(header).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: chooser[locale] }));
      const popover = await screen.findByRole('presentation');
      const toggle = await within(popover).findByRole('switch', { name: column[locale] });
      expect(toggle).toBeChecked();
      await act(async () => fireEvent.click(toggle));
      await waitFor(() => expect(screen.queryByRole('columnheader', { name: column[locale], hidden: true })).not.toBeInTheDocument());
      // The row stays, and still opens from the keyboard (the open chooser hides the page from the accessibility tree).
      expect(screen.getAllByRole('row', { hidden: true })[1]).toHaveAttribute('tabindex', '0');
      await act(async () => fireEvent.click(within(popover).getByRole('switch', { name: column[locale] })));
      expect(await screen.findByRole('columnheader', { name: column[locale], hidden: true })).toBeInTheDocument();
    });

    it('a phone shows cards and no column chooser', async () => {
      stubViewportWidth(PHONE_WIDTH);
      renderInAdmin(list(), { resource, dataProvider: { getList: listAnswers.rows([row]), getMany: async () => ({ data: [] }) } });
      expect(await screen.findByText(String(row.name))).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
    });
  });
});
