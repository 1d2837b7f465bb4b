import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { ResourceContextProvider, type DataProvider } from 'react-admin';
import { CompanyList } from '../../../admin/companies/CompanyList';
import { TenantList } from '../../../admin/tenants/TenantList';
import { GroupCreate } from '../../../admin/groups/GroupCreate';
import { GroupEdit } from '../../../admin/groups/GroupEdit';
import { GroupList } from '../../../admin/groups/GroupList';
import { UnitEdit } from '../../../admin/units/UnitEdit';
import { UnitList } from '../../../admin/units/UnitList';
import { renderInAdmin } from '../helpers';
import { isShowingSkeleton, listAnswers } from '../screens/listStates';

const inResource = (resource: string, ui: React.ReactElement) => <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>;

describe.each([
  ['units', () => <UnitList />, { id: 'u1', name: 'Hall A', group_name: 'Site North', device_count: 3 }, /No Units yet/i],
  ['groups', () => <GroupList />, { id: 'g1', name: 'Site North', unit_count: 2 }, /No Unit groups yet/i],
  ['companies', () => <CompanyList />, { id: 'c1', name: 'Acme', role: 'owner', plan: 'free', sample_retention_days: 31, created_at: '2026-11-01T00:00:00.000Z' }, /No Companies found/i],
  ['tenants', () => <TenantList />, { id: 't1', name: 'Reseller', logo_url: null, color_hex: '#3B82F6', created_at: '2026-11-01T00:00:00.000Z' }, /No Tenants yet/i],
] as const)('%s list', (resource, List, row, empty) => {
  const renderList = (dataProvider: Partial<DataProvider>) => renderInAdmin(inResource(resource, List()), { dataProvider });

  it('loading', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });
  it('empty', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText(empty)).toBeInTheDocument();
  });
  it('error', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });
  it('success', async () => {
    renderList({ getList: listAnswers.rows([row]) });
    expect(await screen.findByText(row.name)).toBeInTheDocument();
  });
});

describe('group form', () => {
  const renderForm = () => {
    const create = vi.fn(async () => ({ data: { id: 'g2', name: 'Site South' } })) as DataProvider['create'] & Mock;
    renderInAdmin(inResource('groups', <GroupCreate />), { dataProvider: { create } });
    return create;
  };

  it('requires a name: blanks are not one', async () => {
    const create = renderForm();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: '   ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the group', async () => {
    const create = renderForm();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Site South' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(create).toHaveBeenCalledWith('groups', expect.objectContaining({ data: { name: 'Site South' } })));
  });
});

describe('unit edit: its devices', () => {
  const unit = { id: 'u1', name: 'Hall A', group: null, group_name: null, device_count: 1 };
  const inUnit = { id: 'd1', name: 'Door', dev_eui: '00000000000000D1', unit: 'u1', last_seen: null };
  const free = { id: 'd2', name: 'Window', dev_eui: '00000000000000D2', unit: null, last_seen: null };

  function setup() {
    const update = vi.fn(async (_resource: string, params: { id: string; data: object }) => ({ data: { ...free, ...params.data } })) as DataProvider['update'] & Mock;
    const getManyReference = vi.fn(async () => ({ data: [inUnit], total: 1 })) as DataProvider['getManyReference'] & Mock;
    renderInAdmin(inResource('units', <UnitEdit />), {
      path: '/units/u1',
      routePath: '/units/:id',
      dataProvider: {
        getOne: (async () => ({ data: unit })) as DataProvider['getOne'],
        getList: (async (resource: string) => (resource === 'devices' ? { data: [inUnit, free], total: 2 } : { data: [], total: 0 })) as DataProvider['getList'],
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

describe('edit forms', () => {
  it('delete asks for confirmation and says it cannot be undone', async () => {
    const deleteOne = vi.fn(async () => ({ data: { id: 'g1' } })) as DataProvider['delete'] & Mock;
    renderInAdmin(inResource('groups', <GroupEdit />), {
      path: '/groups/g1',
      routePath: '/groups/:id',
      dataProvider: { getOne: (async () => ({ data: { id: 'g1', name: 'Site North', unit_count: 0 } })) as DataProvider['getOne'], delete: deleteOne },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(deleteOne).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    expect(deleteOne).toHaveBeenCalledWith('groups', expect.objectContaining({ id: 'g1' }));
  });

  it('a new record has no delete button', () => {
    renderInAdmin(inResource('groups', <GroupCreate />));
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
