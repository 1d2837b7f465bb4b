import type { TopicValue } from '../topics.js';

/**
 * What a rule remembers about one device between events, stored as JSON in its state row:
 * whether it fires (and since when), the battery level it last read, when each held condition
 * started to hold, and the recent matches of each counting condition. The topics' values before an
 * event are not remembered here: they are the device's (`RuleInput.known`), one copy for every rule.
 * Conditions are keyed by their path in the condition tree ("0", "2.1"). Held-since times and
 * matches are epoch milliseconds here (stored as ISO times, memory-json.ts).
 */
export interface RuleMemory {
  firing: boolean;
  since: string | null;
  lastFiredAt: string | null;
  battery: number | null;
  pending: Record<string, number>;
  windows: Record<string, readonly number[]>;
}

export const armedMemory = (): RuleMemory => ({ firing: false, since: null, lastFiredAt: null, battery: null, pending: {}, windows: {} });

/** What happened to a device: an uplink's values, a status (battery), a log event, or only time passing (`tick`). */
export interface RuleInput {
  at: Date;
  kind: 'uplink' | 'status' | 'log' | 'tick';
  readings: Readonly<Record<string, TopicValue>>;
  /**
   * The device's last values before this event (device_topics) of the topics the rules read: what
   * an event that does not carry a topic compares (a status event does not forget them), and what
   * `changed`/`changed_by` compare the event's new value with.
   */
  known?: Readonly<Record<string, TopicValue>> | undefined;
  battery?: number | null | undefined;
  logCode?: string | undefined;
  /** The device's last uplink (this one's time for an uplink); null when it never sent one. */
  lastUplinkAt: Date | null;
}
