import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListContextProvider, useList, type RaRecord } from 'react-admin';
import { ColumnFilterButton, FIRST_OPTIONS } from '../../../admin/common/filters/ColumnFilterButton';
import { renderInAdmin } from '../helpers';
import type { FilterOption } from '../../../admin/types/api';

const options: FilterOption[] = Array.from({ length: 12 }, (_, i) => ({ value: `u${i}`, label: `Unit ${i}`, count: i + 1 }));

/** A list context whose filter changes are recorded. */
function Harness({ onFilter }: { onFilter: (filters: unknown) => void }) {
  const list = useList<RaRecord>({ data: [] });
  return (
    <ListContextProvider value={{ ...list, setFilters: (filters: unknown) => onFilter(filters) }}>
      <ColumnFilterButton model="device" field="unit" source="unit" label="resources.devices.fields.unit" />
    </ListContextProvider>
  );
}

function setup(filterOptions: (model: string, field: string, search: string) => Promise<FilterOption[]>) {
  const onFilter = vi.fn();
  const calls = vi.fn(filterOptions);
  renderInAdmin(<Harness onFilter={onFilter} />, { dataProvider: { filterOptions: calls } });
  fireEvent.click(screen.getByRole('button', { name: 'Unit' }));
  return { onFilter, calls, dialog: () => screen.getByRole('dialog') };
}

describe('column filter dialog (spec §2)', () => {
  it('lists the first options with counts, and all of them after Show all', async () => {
    const { dialog, calls } = setup(async () => options);
    expect(await within(dialog()).findByText('Unit 0')).toBeInTheDocument();
    expect(calls).toHaveBeenCalledWith('device', 'unit', '');
    expect(within(dialog()).getByText('1 record')).toBeInTheDocument();
    expect(within(dialog()).queryByText(`Unit ${FIRST_OPTIONS}`)).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Show all' }));
    expect(within(dialog()).getByText('Unit 11')).toBeInTheDocument();
  });

  it('searches the options on the server', async () => {
    const { dialog, calls } = setup(async (_model, _field, search) => options.filter((option) => option.label.includes(search)));
    await within(dialog()).findByText('Unit 0');
    fireEvent.change(within(dialog()).getByLabelText('Search options'), { target: { value: 'Unit 1' } });
    await waitFor(() => expect(calls).toHaveBeenLastCalledWith('device', 'unit', 'Unit 1'));
    await waitFor(() => expect(within(dialog()).queryByText('Unit 2')).toBeNull());
  });

  it('choosing an option filters the list by it; All removes the filter', async () => {
    const { dialog, onFilter } = setup(async () => options);
    const unit3 = await within(dialog()).findByText('Unit 3');
    await act(async () => fireEvent.click(unit3));
    expect(onFilter).toHaveBeenLastCalledWith({ unit: 'u3' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Unit' }));
    const all = await within(dialog()).findByText('All');
    await act(async () => fireEvent.click(all));
    expect(onFilter).toHaveBeenLastCalledWith({});
  });

  it("says 'Unable to load filter options' when the API fails", async () => {
    const { dialog } = setup(() => Promise.reject(new Error('down')));
    expect(await within(dialog()).findByText('Unable to load filter options')).toBeInTheDocument();
  });

  it('shows progress while loading', () => {
    const { dialog } = setup(() => new Promise(() => undefined));
    expect(within(dialog()).getByRole('progressbar')).toBeInTheDocument();
  });
});
