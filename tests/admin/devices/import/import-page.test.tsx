import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImportPage } from '../../../../admin/devices/import/ImportPage';
import { parseCsv } from '../../../../admin/devices/import/csv';
import type { BulkDevice } from '../../../../admin/providers/dataProvider';
import type { DeviceImportResult } from '../../../../admin/types/api';
import { renderInAdmin } from '../../helpers';
import { listAnswers } from '../../listStates';

const KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
// A shop export with the JoinEUI under its older name; one row without one, one with a typo.
const EXPORT = [
  'Name,DevEUI,AppEUI,AppKey',
  `Boiler,A84041000181C601,70b3d57ed0012345,${KEY}`,
  `Pump,A84041000181C602,,${KEY}`,
  `Valve,A84041000181C603,70B3D57ED00123,${KEY}`,
].join('\n');

describe('CSV import with a JoinEUI column', () => {
  it('detects it, shows it per row, sends it when given, and shows a refused one as the row’s reason', async () => {
    const importDevices = vi.fn(async (rows: BulkDevice[]): Promise<DeviceImportResult[]> =>
      rows.map((row, index) =>
        row.join_eui === '70B3D57ED00123'
          ? { index, status: 'failed', code: 'join_eui_invalid', error: 'JoinEUI must be 16 hexadecimal digits.' }
          : { index, status: 'success', id: `d${index}` },
      ),
    );
    renderInAdmin(<ImportPage parse={async () => parseCsv(EXPORT)} />, {
      dataProvider: { getList: listAnswers.rows([{ id: 'p1', name: 'Dragino LHT65N' }]), importDevices },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () =>
      fireEvent.change(screen.getByTestId('csv-file'), { target: { files: [new File([EXPORT], 'shop-export.csv', { type: 'text/csv' })] } }),
    );
    expect(await screen.findByText('3 rows found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'JoinEUI column' })).toHaveTextContent('AppEUI');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Device configuration' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dragino LHT65N' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));

    const table = await screen.findByRole('table', { name: 'Devices to import' });
    expect(within(table).getByRole('columnheader', { name: 'JoinEUI' })).toBeInTheDocument();
    const row = (name: string) => within(table).getByText(name).closest('[role="row"]') as HTMLElement;
    expect(row('Boiler')).toHaveTextContent('70b3d57ed0012345');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import 3 devices' })));
    expect(importDevices).toHaveBeenCalledWith(
      [
        { dev_eui: 'A84041000181C601', app_key: KEY, join_eui: '70b3d57ed0012345', name: 'Boiler', config: 'p1' },
        { dev_eui: 'A84041000181C602', app_key: KEY, name: 'Pump', config: 'p1' },
        { dev_eui: 'A84041000181C603', app_key: KEY, join_eui: '70B3D57ED00123', name: 'Valve', config: 'p1' },
      ],
      'p1',
    );
    expect(await screen.findByTestId('count-success')).toHaveTextContent('2');
    expect(screen.getByTestId('count-failed')).toHaveTextContent('1');
    expect(row('Valve')).toHaveTextContent('JoinEUI must be 16 hexadecimal digits.');
  });
});

describe('a generic CSV whose headers name the fields', () => {
  it('is mapped by itself: DevEUI;AppKey;Name go straight to the review', async () => {
    const file = ['DevEUI;AppKey;Name', `A84041000181C611;${KEY};Door`].join('\n');
    renderInAdmin(<ImportPage parse={async () => parseCsv(file)} />, {
      dataProvider: { getList: listAnswers.rows([{ id: 'p1', name: 'Dragino LHT65N' }]) },
    });

    fireEvent.click(screen.getByRole('radio', { name: /Generic CSV/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await act(async () => fireEvent.change(screen.getByTestId('csv-file'), { target: { files: [new File([file], 'devices.csv', { type: 'text/csv' })] } }));
    expect(await screen.findByText('1 row found')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'DevEUI column' })).toHaveTextContent('DevEUI');
    expect(screen.getByRole('combobox', { name: 'AppKey column' })).toHaveTextContent('AppKey');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Device configuration' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Dragino LHT65N' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const table = await screen.findByRole('table', { name: 'Devices to import' });
    expect(within(table).getByText('Door').closest('[role="row"]')).toHaveTextContent('A84041000181C611');
  });
});
