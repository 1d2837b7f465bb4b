import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { BatterySection } from '../../../../admin/devices/show/BatterySection';
import { EventsSection } from '../../../../admin/devices/show/EventsSection';
import { FramesSection } from '../../../../admin/devices/show/FramesSection';
import { TopicCharts } from '../../../../admin/devices/show/TopicCharts';
import { describeSectionStates, type SectionCase } from '../../sectionStates';
import { battery, device, events, frames, page, series, topics } from './samples';

const cases: SectionCase[] = [
  {
    name: 'topic charts',
    element: () => <TopicCharts />,
    method: 'deviceTopics',
    empty: async () => [topics[1]],
    success: async () => topics,
    others: { topicSeries: async () => series },
    texts: {
      en: { title: 'Recent values', empty: /No numeric topics yet/, error: /Error loading topics/ },
      de: { title: 'Letzte Werte', empty: /Noch keine numerischen Topics/, error: /Fehler beim Laden der Topics/ },
    },
    shows: async (region, language) => {
      const name = language === 'en' ? 'Recent values of temperature' : 'Letzte Werte von temperature';
      expect(await within(region).findByRole('img', { name })).toBeInTheDocument();
      // Only numeric topics get a chart.
      expect(within(region).queryByText('label')).toBeNull();
    },
  },
  {
    name: 'frames',
    element: () => <FramesSection />,
    method: 'deviceFrames',
    empty: async () => page([]),
    success: async () => page(frames),
    texts: {
      en: { title: 'Frames', empty: /No frames received yet/, error: /Error loading frames/ },
      de: { title: 'Frames', empty: /Noch keine Frames empfangen/, error: /Fehler beim Laden der Frames/ },
    },
    shows: async (region, language, phone) => {
      const chart = language === 'en' ? 'Link quality: RSSI and SNR of the last 2 frames' : 'Verbindungsqualität: RSSI und SNR der letzten 2 Frames';
      expect(await within(region).findByRole('img', { name: chart })).toBeInTheDocument();
      const row = within(region).getByRole('cell', { name: '153' }).closest('tr') as HTMLElement;
      expect(row).toHaveTextContent('0016C001F153A14C: -68 dBm / 13.2 dB');
      expect(row).toHaveTextContent('E4E124DADEF64EEE: -109 dBm / -4.25 dB');
      const frequency = language === 'en' ? 'Frequency' : 'Frequenz';
      // A phone keeps time, counter and receptions; the radio settings need the wide table.
      if (phone) expect(within(region).queryByRole('columnheader', { name: frequency })).toBeNull();
      else {
        expect(within(region).getByRole('columnheader', { name: frequency })).toBeInTheDocument();
        expect(row).toHaveTextContent('867.3 MHz');
        expect(row).toHaveTextContent('DR5 · SF7');
      }
    },
  },
  {
    name: 'events',
    element: () => <EventsSection />,
    method: 'deviceEvents',
    empty: async () => page([]),
    success: async () => page(events),
    texts: {
      en: { title: 'Events and network-server logs', empty: /No events in this period/, error: /Error loading events/ },
      de: { title: 'Ereignisse und Netzwerkserver-Protokoll', empty: /Keine Ereignisse in diesem Zeitraum/, error: /Fehler beim Laden der Ereignisse/ },
    },
    shows: async (region, language, phone) => {
      const log = (await within(region).findByText('DevNonce has already been used')).closest(phone ? 'li' : 'tr') as HTMLElement;
      expect(log).toHaveTextContent(language === 'en' ? 'Network-server log' : 'Netzwerkserver-Protokoll');
      expect(within(log).getByText(language === 'en' ? 'Error' : 'Fehler')).toBeInTheDocument();
      expect(log).toHaveTextContent(language === 'en' ? 'OTAA join' : 'OTAA-Join');
      expect(within(region).getByText(language === 'en' ? 'Port 2, frame 153' : 'Port 2, Frame 153')).toBeInTheDocument();
      // A phone stacks each event; a wide screen has the table.
      expect(within(region).queryByRole('table') === null).toBe(phone);
    },
  },
  {
    name: 'battery history',
    element: () => <BatterySection />,
    method: 'batteryHistory',
    empty: async () => [],
    success: async () => battery,
    texts: {
      en: { title: 'Battery history', empty: /No status reports yet/, error: /Error loading the battery history/ },
      de: { title: 'Batterieverlauf', empty: /Noch keine Statusmeldungen/, error: /Fehler beim Laden des Batterieverlaufs/ },
    },
    shows: async (region, language) => {
      expect(
        await within(region).findByRole('img', { name: language === 'en' ? 'Battery level over time' : 'Batteriestand im Zeitverlauf' }),
      ).toBeInTheDocument();
      expect(region).toHaveTextContent(language === 'en' ? 'Latest report: Battery 64 %' : 'Letzte Meldung: Batterie 64 %');
    },
  },
];

describeSectionStates('device page', device, cases);
