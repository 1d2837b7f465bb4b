import type { TopicValue } from '../topics.js';
import type { RuleDefinition, RuleTransition, TopicValues } from '../../schemas/rules.js';
import { armedMemory, evaluateRule, type RuleInput } from './evaluate.js';

export interface ReplayDevice {
  id: string;
  name: string;
  battery_level: number | null;
}

export interface ReplayedTransition {
  device_id: string;
  device_name: string;
  transition: RuleTransition;
  at: string;
  values: TopicValues;
}

type ReplayEvent = { at: string; readings: Record<string, TopicValue> } | { at: string; logCode: string };

/**
 * Replays stored data through a rule, device by device, starting armed: samples with the same
 * time form one uplink, log events come in between. The battery is the device's current level
 * (its history is not kept). What a preview answers: when the rule would have fired and resolved.
 */
export function replayRule(
  rule: RuleDefinition,
  devices: readonly ReplayDevice[],
  samples: readonly { device_id: string; topic: string; ts: string; value: TopicValue | null }[],
  logs: readonly { device_id: string; created_at: string; code: string | null }[],
): ReplayedTransition[] {
  const events = new Map<string, Map<string, ReplayEvent>>();
  const eventsOf = (deviceId: string) => {
    let map = events.get(deviceId);
    if (!map) events.set(deviceId, (map = new Map()));
    return map;
  };
  for (const sample of samples) {
    if (sample.value === null) continue;
    const byTime = eventsOf(sample.device_id);
    const event = byTime.get(sample.ts);
    if (event && 'readings' in event) event.readings[sample.topic] = sample.value;
    else byTime.set(sample.ts, { at: sample.ts, readings: { [sample.topic]: sample.value } });
  }
  for (const log of logs) if (log.code) eventsOf(log.device_id).set(`${log.created_at}\u0000log`, { at: log.created_at, logCode: log.code });

  const transitions: ReplayedTransition[] = [];
  for (const device of devices) {
    let memory = armedMemory();
    const known: Record<string, TopicValue> = {};
    let lastUplinkAt: Date | null = null;
    const ordered = [...(events.get(device.id)?.values() ?? [])].sort((a, b) => a.at.localeCompare(b.at));
    for (const event of ordered) {
      const at = new Date(event.at);
      const input: RuleInput =
        'readings' in event
          ? { at, kind: 'uplink', readings: event.readings, known: { ...known }, battery: device.battery_level, lastUplinkAt: at }
          : { at, kind: 'log', readings: {}, known: { ...known }, logCode: event.logCode, battery: device.battery_level, lastUplinkAt };
      const evaluation = evaluateRule(rule, memory, input);
      memory = evaluation.memory;
      if ('readings' in event) {
        Object.assign(known, event.readings);
        lastUplinkAt = at;
      }
      if (evaluation.transition) {
        transitions.push({ device_id: device.id, device_name: device.name, transition: evaluation.transition, at: event.at, values: evaluation.values });
      }
    }
  }
  return transitions.sort((a, b) => a.at.localeCompare(b.at));
}
