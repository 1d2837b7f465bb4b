import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, Notification, type DataProvider, type GetListParams } from 'react-admin';
import { DashboardPage } from '../../../admin/dashboards/DashboardPage';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { PHONE_WIDTH, stubViewportWidth } from '../viewport';

const dashboard = { id: 'd1', name: 'Plant room', is_shared: true, is_owner: true };
const widget = {
  id: 'w1',
  dashboard: 'd1',
  type: 'SINGLE_VALUE',
  title: 'Boiler temperature',
  data_source_mode: 'device',
  query: null,
  device: 'dev',
  unit: null,
  topic: 'temperature',
  width: 3,
  height: 2,
  positionX: 0,
  positionY: 0,
};

type Lists = Record<string, () => Promise<{ data: object[]; total: number }>>;

function setup(lists: Lists, extra: Partial<DataProvider> = {}) {
  const getList = vi.fn((resource: string, _params: GetListParams) => (lists[resource] ?? (async () => ({ data: [], total: 0 })))());
  renderInAdmin(
    <>
      <DashboardPage />
      <Notification />
    </>,
    {
      dataProvider: {
        getList: getList as unknown as DataProvider['getList'],
        widgetData: async () => ({ type: 'SINGLE_VALUE', value: 21.5, timestamp: '2026-11-22T10:00:00.000Z' }),
        ...extra,
      },
    },
  );
  return getList;
}

describe('dashboard page', () => {
  beforeEach(async () => {
    localStorage.clear();
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null }] });
  });
  afterEach(signOut);

  it('loading', () => {
    setup({ dashboards: () => new Promise(() => undefined) });
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('empty: invites to create a dashboard, or a starter one', async () => {
    setup({});
    expect(await screen.findByText('No dashboards yet. Create one to place widgets on it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create a starter dashboard' })).toBeEnabled();
  });

  it('the starter dashboard is made of what the devices send and shown at once', async () => {
    const created: object[] = [];
    const device = { id: 'dev', name: 'Cellar' };
    const create = vi.fn(async (resource: string, params: { data: object }) => {
      created.push({ resource, ...params.data });
      return { data: resource === 'dashboards' ? { ...dashboard, id: 'd9', name: 'Overview' } : { ...widget, id: `w${created.length}` } };
    }) as unknown as DataProvider['create'];
    const deviceTopics = vi.fn(async () => [{ topic: 'temperature', last_value: 7.5, last_timestamp: '2026-11-27T10:00:00.000Z', decoded_by: null }]);
    let listed = false;
    const getList = setup(
      {
        devices: async () => ({ data: [device], total: 1 }),
        dashboards: async () => (listed ? { data: [{ ...dashboard, id: 'd9', name: 'Overview' }], total: 1 } : { data: [], total: 0 }),
      },
      { create, deviceTopics },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create a starter dashboard' }));
    listed = true;
    await waitFor(() => expect(getList).toHaveBeenCalledWith('widgets', expect.objectContaining({ filter: { dashboard_id: 'd9' } })));
    expect(getList).toHaveBeenCalledWith('devices', expect.objectContaining({ sort: { field: 'last_seen', order: 'DESC' } }));
    expect(created).toEqual([
      { resource: 'dashboards', name: 'Overview', is_shared: true },
      expect.objectContaining({ resource: 'widgets', dashboard: 'd9', type: 'SINGLE_VALUE', device: 'dev', topic: 'temperature' }),
      expect.objectContaining({ resource: 'widgets', dashboard: 'd9', type: 'SERIES', topic: 'temperature' }),
      expect.objectContaining({ resource: 'widgets', dashboard: 'd9', type: 'TABLE', query: '' }),
    ]);
  });

  it('a starter that fails says so', async () => {
    const create = vi.fn(async () => Promise.reject(new HttpError('app.errors.networkError', 0))) as unknown as DataProvider['create'];
    setup({}, { create, deviceTopics: async () => [] });
    fireEvent.click(await screen.findByRole('button', { name: 'Create a starter dashboard' }));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
  });

  it('error', async () => {
    setup({ dashboards: () => Promise.reject(new HttpError('app.errors.networkError', 0)) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The dashboard could not be loaded.');
  });

  it("success: the dashboard's widgets with their data", async () => {
    const getList = setup({ dashboards: async () => ({ data: [dashboard], total: 1 }), widgets: async () => ({ data: [widget], total: 1 }) });
    expect(await screen.findByTestId('single-value')).toHaveTextContent('21.5');
    expect(screen.getByText('Boiler temperature')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('widgets', expect.objectContaining({ filter: { dashboard_id: 'd1' } }));
  });

  it('on a phone the widgets stack in one column in reading order', async () => {
    stubViewportWidth(PHONE_WIDTH);
    const right = { ...widget, id: 'w2', title: 'Pump pressure', positionX: 6, positionY: 0 };
    const below = { ...widget, id: 'w3', title: 'Flow', positionX: 0, positionY: 3 };
    setup({ dashboards: async () => ({ data: [dashboard], total: 1 }), widgets: async () => ({ data: [below, right, widget], total: 3 }) });
    const stack = await screen.findByTestId('widget-stack');
    await waitFor(() =>
      expect(
        within(stack)
          .getAllByRole('heading')
          .map((heading) => heading.textContent),
      ).toEqual(['Boiler temperature', 'Pump pressure', 'Flow']),
    );
    expect(document.querySelector('.react-grid-layout')).toBeNull();
  });

  it('creating a dashboard needs a name and sends private or shared', async () => {
    const create = vi.fn(async () => ({ data: { ...dashboard, id: 'd2', name: 'Roof' } })) as unknown as DataProvider['create'];
    setup({}, { create });
    fireEvent.click(await screen.findByRole('button', { name: 'New dashboard' }));
    const dialog = screen.getByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: ' Roof ' } });
    fireEvent.click(within(dialog).getByRole('checkbox'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
    expect(create).toHaveBeenCalledWith('dashboards', expect.objectContaining({ data: { name: 'Roof', is_shared: true } }));
  });

  it('deleting a widget asks for confirmation and says it cannot be undone', async () => {
    const deleteOne = vi.fn(async () => ({ data: widget })) as unknown as DataProvider['delete'];
    setup({ dashboards: async () => ({ data: [dashboard], total: 1 }), widgets: async () => ({ data: [widget], total: 1 }) }, { delete: deleteOne });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete widget' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete the widget "Boiler temperature"?');
    expect(confirm).toHaveTextContent('This cannot be undone.');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })));
    await waitFor(() => expect(deleteOne).toHaveBeenCalledWith('widgets', expect.objectContaining({ id: 'w1' })));
  });
});
