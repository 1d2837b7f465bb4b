import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecordContextProvider } from 'react-admin';
import { EventsSection } from '../../../../admin/devices/show/EventsSection';
import { operationsApi } from '../../../../admin/providers/operationsApi';
import type { Language } from '../../../../admin/providers/i18nProvider';
import { jsonResponse, renderInAdmin } from '../../helpers';
import { answers, device, events, page } from './samples';

const TEXTS = {
  en: {
    title: 'Events and network-server logs',
    search: 'Search events',
    period: 'Period',
    month: 'Last 30 days',
    noMatch: 'No events match “otaa” in this period.',
    error: 'Error loading events',
  },
  de: {
    title: 'Ereignisse und Netzwerkserver-Protokoll',
    search: 'Ereignisse durchsuchen',
    period: 'Zeitraum',
    month: 'Letzte 30 Tage',
    noMatch: 'Keine Ereignisse zu „otaa“ in diesem Zeitraum.',
    error: 'Fehler beim Laden der Ereignisse',
  },
} as const;

const all = { type: undefined, level: undefined, q: undefined, days: 7, page: 1, perPage: 25 };

/** The section showing its events; the read of a search (a filter with text) answers `searched`. */
async function renderSearch(searched: () => Promise<unknown>, language: Language) {
  const deviceEvents = vi.fn(async (_id: string, filter: { q?: string }) => (filter.q ? searched() : page(events)));
  renderInAdmin(
    <RecordContextProvider value={device}>
      <EventsSection />
    </RecordContextProvider>,
    { dataProvider: { deviceEvents }, locale: language },
  );
  const region = await screen.findByRole('region', { name: TEXTS[language].title });
  await within(region).findByText('DevNonce has already been used');
  expect(deviceEvents).toHaveBeenLastCalledWith('d1', all);
  fireEvent.change(within(region).getByRole('searchbox', { name: TEXTS[language].search }), { target: { value: '  otaa ' } });
  // One read once typing pauses, with the trimmed text, from the first page.
  await waitFor(() => expect(deviceEvents).toHaveBeenLastCalledWith('d1', { ...all, q: 'otaa' }));
  return { region, deviceEvents };
}

describe("searching a device's events (issue #24)", () => {
  describe.each(['en', 'de'] as const)('in %s', (language) => {
    const texts = TEXTS[language];

    it('loading: a progress bar while the search reads, the text stays', async () => {
      const { region } = await renderSearch(answers.loading, language);
      expect(await within(region).findByRole('progressbar')).toBeInTheDocument();
      expect(within(region).getByRole('searchbox', { name: texts.search })).toHaveValue('  otaa ');
    });

    it('empty: says nothing matches the text in this period', async () => {
      const { region } = await renderSearch(async () => page([]), language);
      expect(await within(region).findByText(texts.noMatch)).toBeInTheDocument();
    });

    it('error: the failure, not the results', async () => {
      const { region } = await renderSearch(answers.error, language);
      expect(await within(region).findByRole('alert')).toHaveTextContent(texts.error);
      expect(within(region).queryByText(texts.noMatch)).toBeNull();
    });

    it('success: the matching events; another period reads again from the first page', async () => {
      const { region, deviceEvents } = await renderSearch(async () => page(events.slice(0, 1)), language);
      await waitFor(() => expect(within(region).queryByText(language === 'en' ? 'Port 2, frame 153' : 'Port 2, Frame 153')).toBeNull());
      expect(within(region).getByText('DevNonce has already been used')).toBeInTheDocument();
      fireEvent.mouseDown(within(region).getByRole('combobox', { name: texts.period }));
      await act(async () => fireEvent.click(await screen.findByRole('option', { name: texts.month })));
      await waitFor(() => expect(deviceEvents).toHaveBeenLastCalledWith('d1', { ...all, q: 'otaa', days: 30 }));
    });
  });
});

describe("the data provider's event read", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the text and the start of the period, counted when the request goes out', async () => {
    const fetch = vi.fn(async () => jsonResponse(page([])));
    vi.stubGlobal('fetch', fetch);
    const before = Date.now();
    await operationsApi((run) => run()).deviceEvents('d1', { q: 'otaa', days: 7, page: 2, perPage: 10 });
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(url.pathname).toMatch(/\/device\/d1\/events$/);
    expect(url.searchParams.get('q')).toBe('otaa');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('page_size')).toBe('10');
    const from = Date.parse(url.searchParams.get('from') ?? '');
    expect(from).toBeGreaterThanOrEqual(before - 7 * 86_400_000);
    expect(from).toBeLessThanOrEqual(Date.now() - 7 * 86_400_000);
  });
});
