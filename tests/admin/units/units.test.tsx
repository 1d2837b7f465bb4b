import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { DataProvider } from 'react-admin';
import { UnitEdit } from '../../../admin/units/UnitEdit';
import { UnitList } from '../../../admin/units/UnitList';
import { renderInAdmin } from '../helpers';
import { describeListStates, describePhoneCards } from '../listStates';

describeListStates('units', () => <UnitList />, { id: 'u1', name: 'Hall A', group_name: 'Site North', device_count: 3 }, /No Units yet/i);

describe('unit edit: its devices', () => {
  const unit = { id: 'u1', name: 'Hall A', group: null, group_name: null, device_count: 1 };
  const inUnit = { id: 'd1', name: 'Door', dev_eui: '00000000000000D1', unit: 'u1', last_seen: null };
  const free = { id: 'd2', name: 'Window', dev_eui: '00000000000000D2', unit: null, last_seen: null };

  function setup() {
    const update = vi.fn(async (_resource: string, params: { id: string; data: object }) => ({ data: { ...free, ...params.data } })) as DataProvider['update'] &
      Mock;
    const getManyReference = vi.fn(async () => ({ data: [inUnit], total: 1 })) as DataProvider['getManyReference'] & Mock;
    renderInAdmin(<UnitEdit />, {
      resource: 'units',
      path: '/units/u1',
      routePath: '/units/:id',
      dataProvider: {
        getOne: (async () => ({ data: unit })) as DataProvider['getOne'],
        getList: (async (resource: string) =>
          resource === 'devices' ? { data: [inUnit, free], total: 2 } : { data: [], total: 0 }) as DataProvider['getList'],
        getMany: async () => ({ data: [] }),
        getManyReference,
        update,
      },
    });
    return { update, getManyReference };
  }

  it("lists the unit's devices and removes one from it", async () => {
    const { update, getManyReference } = setup();
    const row = (await screen.findByText('Door')).closest('tr') as HTMLElement;
    expect(getManyReference).toHaveBeenCalledWith('devices', expect.objectContaining({ target: 'unit', id: 'u1' }));
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Remove from unit' })));
    expect(update).toHaveBeenCalledWith('devices', expect.objectContaining({ id: 'd1', data: { unit: null } }));
  });

  it('adds a device that is not in the unit yet', async () => {
    const { update } = setup();
    const picker = await screen.findByLabelText('Add a device');
    await act(async () => fireEvent.mouseDown(picker));
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    const option = await screen.findByRole('option', { name: 'Window (00000000000000D2)' });
    expect(screen.queryByRole('option', { name: /Door/ })).toBeNull();
    await act(async () => fireEvent.click(option));
    expect(update).toHaveBeenCalledWith('devices', expect.objectContaining({ id: 'd2', data: { unit: 'u1' } }));
  });
});

describePhoneCards(
  'units',
  () => <UnitList />,
  { id: 'u1', name: 'Hall A', group_name: 'Site North', device_count: 3 },
  { title: 'Hall A', facts: { en: ['Site North', /^Devices:/], de: ['Site North', /^Geräte:/] }, href: '/units/u1', empty: /No Units yet/i },
);
