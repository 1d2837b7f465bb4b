import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { Form, type DataProvider, type GetListParams } from 'react-admin';
import { ReferenceCombobox } from '../../../admin/common/ReferenceCombobox';
import { COMBOBOX_OVERSCAN } from '../../../admin/common/VirtualListbox';
import { renderInAdmin } from '../helpers';

const profiles = Array.from({ length: 5000 }, (_, i) => ({ id: `p${i}`, name: `Profile ${String(i).padStart(4, '0')}` }));

function setup() {
  const getList = vi.fn(async (_resource: string, params: GetListParams) => {
    const search = String(params.filter.search ?? '').toLowerCase();
    const matching = profiles.filter((profile) => profile.name.toLowerCase().includes(search));
    return { data: matching.slice(0, params.pagination?.perPage ?? 25), total: matching.length };
  }) as DataProvider['getList'] & Mock;
  renderInAdmin(
    <Form>
      <ReferenceCombobox source="config" reference="profiles" label="Device profile" />
    </Form>,
    { dataProvider: { getList, getMany: async () => ({ data: [] }) } },
  );
  return getList;
}

describe('reference combobox (spec §9)', () => {
  it('mounts only the options in view plus the overscan, not every option fetched', async () => {
    setup();
    const input = screen.getByLabelText('Device profile');
    await act(async () => fireEvent.mouseDown(input));
    await act(async () => fireEvent.keyDown(input, { key: 'ArrowDown' }));

    await screen.findAllByRole('option');
    // 200 options fetched; the listbox shows 8 rows of 40 px (tests/admin/setup.ts gives it its browser height).
    expect(screen.getAllByRole('option').length).toBeLessThanOrEqual(8 + COMBOBOX_OVERSCAN);
    expect(screen.getByRole('option', { name: 'Profile 0000' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Profile 0100' })).toBeNull();
  });

  it('searches on the server as the user types', async () => {
    const getList = setup();
    const input = screen.getByLabelText('Device profile');
    await act(async () => fireEvent.mouseDown(input));
    fireEvent.change(input, { target: { value: '4999' } });
    await waitFor(() => expect(getList).toHaveBeenLastCalledWith('profiles', expect.objectContaining({ filter: expect.objectContaining({ search: '4999' }) })));
    expect(await screen.findByRole('option', { name: 'Profile 4999' })).toBeInTheDocument();
  });
});
