import type { RuleMemory } from './memory.js';

/**
 * The stored form of a rule's memory (rule_states.memory), as JSON. In memory the held-since times
 * and the windows' matches are epoch milliseconds, so an evaluation compares numbers instead of
 * parsing each stored time on each uplink. The windows, written on every match, are stored as
 * those numbers (serialising them as ISO times cost four times as much per state, measured in
 * bench/RESULTS.md); the held-since times, written once per duration, stay ISO times. The reader
 * takes either form, so rows written before read as they were. Rows written before the topics'
 * previous values came from the device (RuleInput.known) also hold `values`, which is ignored.
 */
interface StoredMemory {
  firing?: boolean;
  since?: string | null;
  lastFiredAt?: string | null;
  battery?: number | null;
  pending?: Record<string, string | number>;
  windows?: Record<string, readonly (string | number)[]>;
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
    battery: stored.battery ?? null,
    pending,
    windows,
  };
}

/** Held-since times as ISO times. */
function isoPending(pending: RuleMemory['pending']): Record<string, string> {
  const iso: Record<string, string> = {};
  for (const [path, since] of Object.entries(pending)) iso[path] = new Date(since).toISOString();
  return iso;
}

const hasKeys = (record: object): boolean => {
  for (const _ in record) return true;
  return false;
};

/**
 * The stored form of a memory: only the parts that differ from an armed memory (`firing` always),
 * which the reader takes as empty. A counting rule's state, written on every match, then holds
 * little more than its windows: some 120 instead of 195 bytes per row in bench/RESULTS.md (#23),
 * so SQLite copies and logs fewer bytes per state and the serialisation costs less.
 */
export function memoryJson(memory: RuleMemory): string {
  const { firing, since, lastFiredAt, battery, pending, windows } = memory;
  const stored: StoredMemory = { firing };
  if (since !== null) stored.since = since;
  if (lastFiredAt !== null) stored.lastFiredAt = lastFiredAt;
  if (battery !== null) stored.battery = battery;
  if (hasKeys(pending)) stored.pending = isoPending(pending);
  if (hasKeys(windows)) stored.windows = windows;
  return JSON.stringify(stored);
}
