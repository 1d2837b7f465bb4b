import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DataProvider } from 'react-admin';
import { ProfileList } from '../../../admin/profiles/ProfileList';
import { renderInAdmin } from '../helpers';
import { isShowingSkeleton, listAnswers } from '../listStates';
import { syncStates } from '../network/samples';

const profile = {
  id: 'p1',
  name: 'LHT65N',
  supports_otaa: true,
  supports_class_b: false,
  supports_class_c: false,
  is_template: true,
  created_at: '2026-11-01T00:00:00.000Z',
};

describe('device profiles list', () => {
  const renderList = (dataProvider: Partial<DataProvider>) => renderInAdmin(<ProfileList />, { resource: 'profiles', dataProvider });

  it('loading', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });

  it('empty: offers to create one', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText(/No Device profiles yet/i)).toBeInTheDocument();
  });

  it('error', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
  });

  it('success: the profile and a way to the template store', async () => {
    renderList({ getList: listAnswers.rows([profile]) });
    expect(await screen.findByText('LHT65N')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create from a template' })).toHaveAttribute('href', '/templates');
  });

  it('network server linked: a "Network server" column with each profile’s sync state', async () => {
    renderList({ getList: listAnswers.rows([{ ...profile, network_sync: syncStates.synced }]) });
    const row = (await screen.findByText('LHT65N')).closest('tr') as HTMLElement;
    expect(screen.getByRole('columnheader', { name: 'Network server' })).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'Network server: In sync' })).toBeInTheDocument();
  });

  it('standalone: no "Network server" column at all', async () => {
    renderList({ getList: listAnswers.rows([profile]) });
    await screen.findByText('LHT65N');
    expect(screen.getByRole('columnheader', { name: 'OTAA' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Network server' })).toBeNull();
  });
});
