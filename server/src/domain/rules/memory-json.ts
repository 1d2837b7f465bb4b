import type { TopicValue } from '../topics.js';
import type { RuleMemory } from './memory.js';

/**
 * The stored form of a rule's memory (rule_states.memory): JSON with the held-since times and the
 * windows' matches as ISO times, as every version of the server wrote and reads them. In memory
 * they are epoch milliseconds, so an evaluation compares numbers instead of parsing each stored
 * time on each uplink.
 */
interface StoredMemory {
  firing?: boolean;
  since?: string | null;
  lastFiredAt?: string | null;
  values?: Record<string, TopicValue>;
  battery?: number | null;
  pending?: Record<string, string | number>;
  windows?: Record<string, (string | number)[]>;
}

const epoch = (time: string | number): number => (typeof time === 'number' ? time : Date.parse(time));

/** A stored memory (missing parts are empty: an older or a hand-written row still reads). */
export function parseMemory(text: string): RuleMemory {
  const stored = JSON.parse(text) as StoredMemory;
  const pending: Record<string, number> = {};
  for (const [path, since] of Object.entries(stored.pending ?? {})) pending[path] = epoch(since);
  const windows: Record<string, readonly number[]> = {};
  for (const [path, times] of Object.entries(stored.windows ?? {})) windows[path] = times.map(epoch);
  return {
    firing: stored.firing ?? false,
    since: stored.since ?? null,
    lastFiredAt: stored.lastFiredAt ?? null,
    values: stored.values ?? {},
    battery: stored.battery ?? null,
    pending,
    windows,
  };
}

// The text of each record of a memory. Evaluations share a record with the memory before until
// they change it (conditions.ts), so a state written on each uplink serialises again only the
// record that moved (typically one window) and reuses the others' text.
const recordTexts = new WeakMap<object, string>();

function textOf<T extends object>(record: T, write: (record: T) => string): string {
  let text = recordTexts.get(record);
  if (text === undefined) {
    text = write(record);
    recordTexts.set(record, text);
  }
  return text;
}

const isoTimes = (times: Readonly<Record<string, number | readonly number[]>>): string => {
  const out: Record<string, string | string[]> = {};
  for (const [path, time] of Object.entries(times))
    out[path] = typeof time === 'number' ? new Date(time).toISOString() : time.map((t) => new Date(t).toISOString());
  return JSON.stringify(out);
};

/** The stored form of a memory: the same JSON the server has always written (ISO times). */
export function memoryJson(memory: RuleMemory): string {
  return (
    `{"firing":${memory.firing},"since":${JSON.stringify(memory.since)},"lastFiredAt":${JSON.stringify(memory.lastFiredAt)},` +
    `"values":${textOf(memory.values, JSON.stringify)},"battery":${JSON.stringify(memory.battery)},` +
    `"pending":${textOf(memory.pending, isoTimes)},"windows":${textOf(memory.windows, isoTimes)}}`
  );
}
