/** A scalar reading of a device: one topic's value at one time. */
export type TopicValue = number | string | boolean;

export interface TopicReading {
  topic: string;
  value: TopicValue;
}

/** Topic names are bounded so a codec cannot flood the topic table with unbounded keys. */
export const MAX_TOPICS_PER_UPLINK = 200;
const MAX_TOPIC_LENGTH = 200;

/**
 * Decoded fields become topics (DESIGN §6): nested objects flatten with dots
 * (`{"battery": {"voltage": 3.1}}` → `battery.voltage`), array items by index. Nulls and
 * non-finite numbers carry no reading and are skipped.
 */
export function flattenReadings(data: unknown, prefix = '', out: TopicReading[] = []): TopicReading[] {
  if (out.length >= MAX_TOPICS_PER_UPLINK) return out;
  if (data === null || data === undefined) return out;
  if (typeof data === 'number') {
    if (Number.isFinite(data) && prefix) out.push({ topic: prefix, value: data });
    return out;
  }
  if (typeof data === 'string' || typeof data === 'boolean') {
    if (prefix) out.push({ topic: prefix, value: data });
    return out;
  }
  if (typeof data === 'object') {
    const entries = Array.isArray(data) ? data.map((item, index) => [String(index), item] as const) : Object.entries(data);
    for (const [key, value] of entries) {
      const topic = (prefix ? `${prefix}.${key}` : key).slice(0, MAX_TOPIC_LENGTH);
      flattenReadings(value, topic, out);
    }
  }
  return out;
}
