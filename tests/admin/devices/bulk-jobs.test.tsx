import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { HttpError, Notification, type DataProvider } from 'react-admin';
import { DeviceList } from '../../../admin/devices/DeviceList';
import type { BulkJob } from '../../../admin/types/api';
import type { Language } from '../../../admin/providers/i18nProvider';
import { renderInAdmin, signInWith, signOut } from '../helpers';
import { isShowingSkeleton, listAnswers } from '../listStates';
import { DESKTOP_WIDTH, PHONE_WIDTH, stubViewportWidth } from '../viewport';

// Issue #20: the device list's bulk actions run on the server as one job: "Select all N matching"
// widens the choice to the whole filtered fleet, a progress bar with cancel follows the job, and a
// toast says what it did.
const fleet = Array.from({ length: 28 }, (_, index) => ({
  id: `d${index}`,
  name: `Sensor ${String(index).padStart(2, '0')}`,
  dev_eui: `A8404100018100${String(index).padStart(2, '0')}`,
  last_seen: null,
  power_status: 'unknown',
  battery_level: null,
}));

/** A first page of a company whose count the API stopped past its bound (the device list at fleet scale). */
const boundedList = (async () => ({
  data: fleet.slice(0, 10),
  pageInfo: { hasNextPage: true, hasPreviousPage: false },
  meta: { moreThan: 10_000 },
})) as DataProvider['getList'];

const job = (fields: Partial<BulkJob>): BulkJob => ({
  id: 'j1',
  company_id: 'c1',
  kind: 'delete',
  state: 'queued',
  total: 28,
  done: 0,
  unit: null,
  config: null,
  created_at: '2026-11-28T07:00:00.000Z',
  started_at: null,
  finished_at: null,
  error_code: null,
  ...fields,
});

const TEXTS: Record<
  Language,
  {
    selectAll: string;
    allSelected: string;
    delete: string;
    confirm: string;
    progress: string;
    deleted: string;
    cancel: string;
    cancelled: string;
    failed: string;
    range: string;
    selectMore: string;
    allCounted: string;
    confirmCounted: string;
    countFailed: string;
  }
> = {
  en: {
    selectAll: 'Select all 28 matching devices',
    allSelected: 'All 28 matching devices selected',
    delete: 'Delete',
    confirm: 'Delete 28 devices?',
    progress: '10 of 28 devices',
    deleted: '28 devices deleted',
    cancel: 'Cancel job',
    cancelled: 'Job cancelled after 10 devices',
    failed: 'An error occurred. Please try again.',
    range: '1–10 of more than 10,000',
    selectMore: 'Select all matching devices (more than 10,000)',
    allCounted: 'All 123456 matching devices selected',
    confirmCounted: 'Delete 123456 devices?',
    countFailed: 'The matching devices could not be counted. Narrow the list or try again.',
  },
  de: {
    selectAll: 'Alle 28 passenden Geräte auswählen',
    allSelected: 'Alle 28 passenden Geräte ausgewählt',
    delete: 'Löschen',
    confirm: '28 Geräte löschen?',
    progress: '10 von 28 Geräten',
    deleted: '28 Geräte gelöscht',
    cancel: 'Auftrag abbrechen',
    cancelled: 'Auftrag nach 10 Geräten abgebrochen',
    failed: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
    range: '1–10 von mehr als 10.000',
    selectMore: 'Alle passenden Geräte auswählen (mehr als 10.000)',
    allCounted: 'Alle 123456 passenden Geräte ausgewählt',
    confirmCounted: '123456 Geräte löschen?',
    countFailed: 'Die passenden Geräte konnten nicht gezählt werden. Grenzen Sie die Liste ein oder versuchen Sie es erneut.',
  },
};

afterEach(() => {
  signOut();
});

function renderFleet(
  locale: Language,
  methods: Record<string, unknown>,
  getList: DataProvider['getList'] = (async () => ({ data: fleet.slice(0, 10), total: fleet.length })) as DataProvider['getList'],
) {
  return renderInAdmin(
    <>
      <DeviceList />
      <Notification />
    </>,
    { resource: 'devices', locale, path: '/?perPage=10&filter={"q":"Sensor"}', dataProvider: { getList, getMany: async () => ({ data: [] }), ...methods } },
  );
}

describe.each(['en', 'de'] as const)('bulk jobs in %s on a desktop', (locale) => {
  const text = TEXTS[locale];

  it('loading: skeleton rows, no bulk actions yet', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    renderFleet(locale, {}, listAnswers.loading);
    await vi.waitFor(() => expect(isShowingSkeleton()).toBe(true), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: text.selectAll })).toBeNull();
  });

  it('success: all 28 matching are deleted by one job, with progress and a toast', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    const startBulkJob = vi.fn(async () => job({})) as Mock;
    let finished = false;
    const bulkJob = vi.fn(async () => (finished ? job({ state: 'done', done: 28 }) : job({ state: 'running', done: 10 }))) as Mock;
    renderFleet(locale, { startBulkJob, bulkJob });
    await screen.findByText('Sensor 00');
    fireEvent.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: text.selectAll }));
    expect(screen.getByText(text.allSelected)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: text.delete }));
    // The dialog's code loads when an action is chosen: a nameless dialog with a progress bar stands in until then.
    const dialog = await screen.findByRole('dialog', { name: /./ });
    expect(dialog).toHaveTextContent(text.confirm);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: text.delete })));
    expect(startBulkJob).toHaveBeenCalledWith({ filter: { q: 'Sensor' } }, { kind: 'delete' });
    expect(await screen.findByText(text.progress, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '36');
    finished = true;
    expect(await screen.findByText(text.deleted, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('cancel: stops the job and says after how many devices', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    let cancelled = false;
    const cancelBulkJob = vi.fn(async () => {
      cancelled = true;
      return job({ state: 'cancelled', done: 10 });
    }) as Mock;
    const bulkJob = vi.fn(async () => (cancelled ? job({ state: 'cancelled', done: 10 }) : job({ state: 'running', done: 10 }))) as Mock;
    renderFleet(locale, { startBulkJob: async () => job({ state: 'running' }), bulkJob, cancelBulkJob });
    await screen.findByText('Sensor 00');
    fireEvent.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: text.delete }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog', { name: /./ })).getByRole('button', { name: text.delete })));
    const cancel = await screen.findByRole('button', { name: text.cancel });
    await act(async () => fireEvent.click(cancel));
    expect(cancelBulkJob).toHaveBeenCalledWith('j1');
    expect(await screen.findByText(text.cancelled, {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('error: a refused job is told, and nothing runs', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    const startBulkJob = vi.fn(async () => {
      throw new HttpError('app.errors.general', 500, { code: 'internal' });
    }) as Mock;
    const bulkJob = vi.fn() as Mock;
    renderFleet(locale, { startBulkJob, bulkJob });
    await screen.findByText('Sensor 00');
    fireEvent.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: text.delete }));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog', { name: /./ })).getByRole('button', { name: text.delete })));
    expect(startBulkJob).toHaveBeenCalledWith({ ids: ['d0'] }, { kind: 'delete' });
    // The dialog stays open (to try again), so the toast behind it is read by its text.
    expect(await screen.findByText(text.failed, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(bulkJob).not.toHaveBeenCalled();
  });

  it('success at fleet scale: a bounded count says "more than", and all matching are counted once before a job', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    const countMatchingDevices = vi.fn(async () => 123_456) as Mock;
    const startBulkJob = vi.fn(async () => job({ total: 123_456 })) as Mock;
    renderFleet(locale, { countMatchingDevices, startBulkJob, bulkJob: async () => job({ state: 'running', total: 123_456 }) }, boundedList);
    expect(await screen.findByText(text.range)).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: text.selectMore }));
    expect(await screen.findByText(text.allCounted)).toBeInTheDocument();
    expect(countMatchingDevices).toHaveBeenCalledWith({ q: 'Sensor' });
    fireEvent.click(screen.getByRole('button', { name: text.delete }));
    expect(await screen.findByRole('dialog')).toHaveTextContent(text.confirmCounted);
  });

  it('error at fleet scale: a failed count is told, and no job can start', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    const countMatchingDevices = vi.fn(async () => {
      throw new HttpError('app.errors.general', 500, { code: 'internal' });
    }) as Mock;
    renderFleet(locale, { countMatchingDevices }, boundedList);
    await screen.findByText('Sensor 00');
    fireEvent.click(screen.getAllByRole('checkbox')[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('button', { name: text.selectMore }));
    expect(await screen.findByText(text.countFailed, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.delete })).toBeDisabled();
  });

  it('a viewer sees the bulk actions disabled', async () => {
    stubViewportWidth(DESKTOP_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'viewer' }] });
    renderFleet(locale, {});
    await screen.findByText('Sensor 00');
    fireEvent.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    expect(await screen.findByRole('button', { name: text.delete })).toBeDisabled();
  });
});

describe.each(['en', 'de'] as const)('bulk jobs in %s on a phone', (locale) => {
  it('empty and cards: the phone list offers no bulk selection', async () => {
    stubViewportWidth(PHONE_WIDTH);
    await signInWith({ companies: [{ id: 'c1', name: 'Acme', tenant_id: null, role: 'member' }] });
    renderFleet(locale, {});
    await screen.findByText('Sensor 00');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: TEXTS[locale].selectAll })).toBeNull();
  });
});
