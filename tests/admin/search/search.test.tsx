import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { resultTarget } from '../../../admin/search/routes';
import { SearchDialog } from '../../../admin/search/SearchDialog';
import { SEARCH_DEBOUNCE_MS } from '../../../admin/search/useSearch';
import { useSearchShortcut } from '../../../admin/search/useSearchShortcut';
import { useState } from 'react';
import { renderInAdmin } from '../helpers';
import type { SearchResult } from '../../../admin/types/api';

const results: SearchResult[] = [
  { type: 'company', id: 'c1', name: 'Acme' },
  { type: 'device', id: 'd1' },
  { type: 'event', id: 'e1', name: 'Join' },
];

function Harness() {
  const [open, setOpen] = useState(false);
  useSearchShortcut(open, setOpen);
  return (
    <>
      <button onClick={() => setOpen(true)}>open</button>
      <SearchDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function setup(search: (query: string, includeTenants: boolean) => Promise<SearchResult[]>) {
  renderInAdmin(<Harness />, { path: '/dashboard', dataProvider: { search } });
}

const type = (text: string) => fireEvent.change(screen.getByRole('combobox', { name: 'Search' }), { target: { value: text } });

// react-query tells components about an answer on a zero timeout, which the fake clock of these
// tests runs only when moved: let it tell them on a microtask, as soon as the answer is in.
beforeAll(() => notifyManager.setScheduler(queueMicrotask));
afterAll(() => notifyManager.setScheduler(defaultScheduler));

describe('global search (spec §2, §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens with Ctrl+K and Cmd+K, closes with Escape', async () => {
    setup(vi.fn(async () => []));
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('idle hint; a blank query sends nothing; a query is sent trimmed 300 ms after typing stops', async () => {
    const search = vi.fn(async () => results);
    setup(search);
    fireEvent.click(screen.getByText('open'));
    expect(await screen.findByText(/Type to search/)).toBeInTheDocument();
    // From here on only the fake clock moves, so the 300 ms are measured exactly.
    vi.useRealTimers();
    vi.useFakeTimers();
    type('   ');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2));
    expect(search).not.toHaveBeenCalled();
    type(' ac');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50));
    type(' acme ');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 1));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('acme', false);
  });

  it('shows a spinner while searching, then grouped results with the id for nameless ones', async () => {
    let answer: (value: SearchResult[]) => void = () => undefined;
    setup(vi.fn(() => new Promise<SearchResult[]>((resolve) => (answer = resolve))));
    fireEvent.click(screen.getByText('open'));
    type('a');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('Searching…')).toBeInTheDocument();
    await act(async () => answer(results));
    for (const heading of ['Companies', 'Devices', 'Events']) expect(screen.getByText(heading)).toBeInTheDocument();
    expect(screen.getByText('d1')).toBeInTheDocument();
    expect(screen.getByTestId('search-results')).toHaveStyle({ maxHeight: '20rem', overflowY: 'auto' });
  });

  it('echoes the query when nothing is found', async () => {
    setup(vi.fn(async () => []));
    fireEvent.click(screen.getByText('open'));
    type(' nothing ');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('No results for "nothing"')).toBeInTheDocument();
  });

  it('logs a failure, clears results and shows the error texts', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(vi.fn(async () => Promise.reject(new Error('down'))));
    fireEvent.click(screen.getByText('open'));
    type('x');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('There was an error performing the search. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Search failed')).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
  });

  it('a result navigates to its list with filters={"id":…} and closes; events do not navigate', async () => {
    setup(vi.fn(async () => results));
    fireEvent.click(screen.getByText('open'));
    type('a');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    fireEvent.click(await screen.findByText('Join'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Acme'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/companies?filters=${encodeURIComponent('{"id":"c1"}')}`);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is a listbox driven from the input: arrows move the active result, Enter opens it, Escape closes', async () => {
    setup(vi.fn(async () => results));
    fireEvent.click(screen.getByText('open'));
    type('a');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    const input = screen.getByRole('combobox', { name: 'Search' });
    const listbox = await screen.findByRole('listbox', { name: 'Search' });
    const options = within(listbox).getAllByRole('option');
    expect(input).toHaveAttribute('aria-controls', 'search-results');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input).toHaveAttribute('aria-activedescendant', options.at(-1)?.id);
    expect(options.at(-1)).toHaveAttribute('aria-disabled', 'true');
    // Up again: the company, second in the groups' order (devices, …, companies, …, events).
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(options[1]).toHaveTextContent('Acme');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/companies?filters=${encodeURIComponent('{"id":"c1"}')}`);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closing resets the query and results', async () => {
    setup(vi.fn(async () => results));
    fireEvent.click(screen.getByText('open'));
    type('acme');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS));
    expect(await screen.findByText('Acme')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'Escape' });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByText('open'));
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByText(/Type to search/)).toBeInTheDocument();
  });

  it('maps every navigating type to its list route', () => {
    const routes = (['device', 'gateway', 'unit', 'group', 'company', 'tenant'] as const).map((t) => resultTarget({ type: t, id: 'x' })?.split('?')[0]);
    expect(routes).toEqual(['/devices', '/gateways', '/units', '/groups', '/companies', '/tenants']);
    expect(resultTarget({ type: 'event', id: 'x' })).toBeNull();
  });
});
