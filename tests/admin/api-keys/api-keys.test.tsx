import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi, type Mock } from 'vitest';
import type { DataProvider } from 'react-admin';
import { ApiKeyList } from '../../../admin/api-keys/ApiKeyList';
import { renderInAdmin } from '../helpers';
import { describePhoneCards, isShowingSkeleton, listAnswers } from '../listStates';

const unused = { id: 'k1', name: 'Grafana', expiresAt: null, last_used: null, expired: false, created_at: '2026-11-01T08:00:00.000Z' };
const old = {
  id: 'k2',
  name: 'Old script',
  expiresAt: '2026-10-01T00:00:00.000Z',
  last_used: '2026-09-30T10:00:00.000Z',
  expired: true,
  created_at: '2026-01-01T08:00:00.000Z',
};

const renderList = (dataProvider: Partial<DataProvider> & Record<string, unknown>) => renderInAdmin(<ApiKeyList />, { resource: 'api-keys', dataProvider });

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('API keys screen', () => {
  it('loading: skeleton rows', async () => {
    renderList({ getList: listAnswers.loading });
    await waitFor(() => expect(isShowingSkeleton()).toBe(true));
  });

  it('empty: says there are none and offers a new key', async () => {
    renderList({ getList: listAnswers.empty });
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New key' })).toBeInTheDocument();
  });

  it('a "New key" pressed while the list loads keeps its dialog when the list turns out empty', async () => {
    let answer: (result: { data: never[]; total: number }) => void = () => undefined;
    const getList = vi.fn(() => new Promise<{ data: never[]; total: number }>((resolve) => (answer = resolve)));
    renderList({ getList });
    fireEvent.click(await screen.findByRole('button', { name: 'New key' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await act(async () => answer({ data: [], total: 0 }));
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText(/Name/)).toBeInTheDocument();
  });

  it('error: shows the failure, not the empty page', async () => {
    renderList({ getList: listAnswers.error });
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(screen.queryByText('No API keys yet.')).toBeNull();
  });

  it("success: 'never used', 'expired' and 'never' for a key without expiry", async () => {
    renderList({ getList: listAnswers.rows([unused, old]) });
    const first = await rowOf('Grafana');
    expect(within(first).getByText('never used')).toBeInTheDocument();
    expect(within(first).getByText('never')).toBeInTheDocument();
    expect(within(await rowOf('Old script')).getByText('expired')).toBeInTheDocument();
  });

  it('a new key is shown once, with a copy button; closing hides it for good', async () => {
    const create = vi.fn(async () => ({ data: { ...unused, id: 'k3', name: 'CI', key: 'lk_abc.secret' } })) as DataProvider['create'] & Mock;
    const writeText = vi.fn(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderList({ getList: listAnswers.rows([unused]), create });
    await rowOf('Grafana');
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Create' });
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: '  CI ' } });
    await act(async () => fireEvent.click(submit));
    expect(create).toHaveBeenCalledWith('api-keys', expect.objectContaining({ data: { name: 'CI', company_id: null, read_only: false } }));
    expect(await screen.findByTestId('api-key-secret')).toHaveValue('lk_abc.secret');
    expect(screen.getByText('Copy this key now. It will not be shown again.')).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenCalledWith('lk_abc.secret');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).toBeNull());
  });

  it('Cancel resets the new-key dialog: the next one starts empty, without the last name or date', async () => {
    const create = vi.fn() as DataProvider['create'] & Mock;
    renderList({ getList: listAnswers.rows([unused]), create });
    await rowOf('Grafana');
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'CI' } });
    fireEvent.change(within(dialog).getByLabelText(/Expires/), { target: { value: '2026-13-45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Name/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/Expires/)).toHaveValue('');
    expect(create).not.toHaveBeenCalled();
  });

  it('regenerating asks for confirmation first, then shows the new secret', async () => {
    const regenerateApiKey = vi.fn(async () => ({ ...unused, key: 'lk_new.secret' }));
    renderList({ getList: listAnswers.rows([unused]), regenerateApiKey });
    fireEvent.click(within(await rowOf('Grafana')).getByRole('button', { name: 'Regenerate' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Regenerate API key "Grafana"?');
    expect(confirm).toHaveTextContent('The current key stops working at once. This cannot be undone.');
    expect(regenerateApiKey).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })));
    expect(regenerateApiKey).toHaveBeenCalledWith('k1');
    expect(await screen.findByTestId('api-key-secret')).toHaveValue('lk_new.secret');
  });

  it('deleting asks for confirmation and says it cannot be undone', async () => {
    const deleteOne = vi.fn(async () => ({ data: unused })) as DataProvider['delete'] & Mock;
    renderList({ getList: listAnswers.rows([unused]), delete: deleteOne });
    fireEvent.click(within(await rowOf('Grafana')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Delete API key "Grafana"?');
    expect(confirm).toHaveTextContent('This cannot be undone.');
    expect(deleteOne).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' })));
    expect(deleteOne).toHaveBeenCalledWith('api-keys', expect.objectContaining({ id: 'k1' }));
  });
});

describePhoneCards('api-keys', () => <ApiKeyList />, unused, {
  title: 'Grafana',
  facts: { en: [/^Expires: never$/], de: [/^Läuft ab: nie$/] },
  action: /Regenerate/,
  empty: /API key/i,
});
