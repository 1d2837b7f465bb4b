import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { DataProvider } from 'react-admin';
import { GroupCreate } from '../../../admin/groups/GroupCreate';
import { GroupEdit } from '../../../admin/groups/GroupEdit';
import { GroupList } from '../../../admin/groups/GroupList';
import { renderInAdmin } from '../helpers';
import { describeListStates, describePhoneCards } from '../listStates';

describeListStates('groups', () => <GroupList />, { id: 'g1', name: 'Site North', unit_count: 2 }, /No Unit groups yet/i);

describe('group form', () => {
  const renderForm = () => {
    const create = vi.fn(async () => ({ data: { id: 'g2', name: 'Site South' } })) as DataProvider['create'] & Mock;
    renderInAdmin(<GroupCreate />, { resource: 'groups', dataProvider: { create } });
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

describe('edit forms', () => {
  it('delete asks for confirmation and says it cannot be undone', async () => {
    const deleteOne = vi.fn(async () => ({ data: { id: 'g1' } })) as DataProvider['delete'] & Mock;
    renderInAdmin(<GroupEdit />, {
      resource: 'groups',
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
    renderInAdmin(<GroupCreate />, { resource: 'groups' });
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});

describePhoneCards(
  'groups',
  () => <GroupList />,
  { id: 'g1', name: 'Site North', unit_count: 2 },
  { title: 'Site North', facts: { en: [/^Units:/, '2'], de: [/^Einheiten:/, '2'] }, href: '/groups/g1', empty: /No Unit groups yet/i },
);
