import type { TopicValue, Widget } from '../types/api';

/** A widget of the starter dashboard, before it has a dashboard and an id. */
export type StarterWidget = Omit<Widget, 'id' | 'dashboard' | 'created_at'>;

/** A device the starter may show, with its topics' last values. */
export interface StarterDevice {
  device: { id: string; name: string };
  topics: readonly TopicValue[];
}

/** Single values in the first row: four fill the 12 columns. */
const MAX_SINGLE_VALUES = 4;

const numericTopics = (topics: readonly TopicValue[]) => topics.filter((topic) => typeof topic.last_value === 'number');

/** A table of every device's latest values (a search for nothing matches all devices). */
const allDevicesTable = (placement: Pick<StarterWidget, 'positionX' | 'positionY' | 'width' | 'height'>, title: string): StarterWidget => ({
  type: 'TABLE',
  title,
  data_source_mode: 'query',
  query: '',
  device: null,
  unit: null,
  topic: null,
  ...placement,
});

/**
 * What a company's first dashboard shows, from what its devices already send: the numbers of the
 * device with the most numeric topics (of those heard most recently) as single values and the first
 * as a time series, and every device's latest values in a table. Without numbers yet, the table
 * alone, which fills as data arrives.
 */
export function starterWidgets(devices: readonly StarterDevice[], tableTitle: string): StarterWidget[] {
  const best = devices.reduce<StarterDevice | undefined>(
    (chosen, candidate) => (numericTopics(candidate.topics).length > (chosen ? numericTopics(chosen.topics).length : 0) ? candidate : chosen),
    undefined,
  );
  if (!best) return [allDevicesTable({ positionX: 0, positionY: 0, width: 12, height: 4 }, tableTitle)];
  const numbers = numericTopics(best.topics).slice(0, MAX_SINGLE_VALUES);
  const ofDevice = (topic: string) => ({
    data_source_mode: 'device' as const,
    query: null,
    device: best.device.id,
    unit: null,
    topic,
    title: `${best.device.name} · ${topic}`,
  });
  return [
    ...numbers.map((topic, index): StarterWidget => ({
      type: 'SINGLE_VALUE',
      ...ofDevice(topic.topic),
      positionX: index * 3,
      positionY: 0,
      width: 3,
      height: 2,
    })),
    { type: 'SERIES', ...ofDevice((numbers[0] as TopicValue).topic), positionX: 0, positionY: 2, width: 6, height: 3 },
    allDevicesTable({ positionX: 6, positionY: 2, width: 6, height: 3 }, tableTitle),
  ];
}
