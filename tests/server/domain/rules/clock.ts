import { armedMemory, evaluateRule, type Evaluation, type RuleInput, type RuleMemory } from '../../../../server/src/domain/rules/evaluate.js';
import type { TopicValue } from '../../../../server/src/domain/topics.js';
import type { RuleCondition, RuleDefinition, RuleSchedule } from '../../../../server/src/schemas/rules.js';

/**
 * A device's events replayed through one rule on a controllable clock: `advance` moves time,
 * `uplink`/`status`/`log`/`tick` evaluate at the current time and keep the memory, as the
 * ingest path does with the stored state row.
 */
export function ruleRun(
  conditions: RuleCondition['conditions'],
  options: { match?: 'all' | 'any'; hysteresis?: number; schedule?: RuleSchedule; start?: string } = {},
) {
  const rule: RuleDefinition = {
    condition: { match: options.match ?? 'all', conditions },
    schedule: options.schedule ?? null,
    hysteresis: options.hysteresis ?? 0,
  };
  let now = new Date(options.start ?? '2026-11-20T10:00:00Z');
  let memory: RuleMemory = armedMemory();
  let lastUplinkAt: Date | null = null;
  // The device's last value of each topic, as device_topics keeps them.
  const known: Record<string, TopicValue> = {};
  const step = (input: Omit<RuleInput, 'at' | 'lastUplinkAt' | 'known'>): Evaluation => {
    const evaluation = evaluateRule(rule, memory, { ...input, at: now, lastUplinkAt, known: { ...known } });
    Object.assign(known, input.readings);
    memory = evaluation.memory;
    return evaluation;
  };
  return {
    get memory() {
      return memory;
    },
    get now() {
      return now;
    },
    at(iso: string) {
      now = new Date(iso);
    },
    advance(seconds: number) {
      now = new Date(now.getTime() + seconds * 1000);
    },
    uplink(readings: Record<string, TopicValue>) {
      lastUplinkAt = now;
      return step({ kind: 'uplink', readings });
    },
    status(battery: number | null) {
      return step({ kind: 'status', readings: {}, battery });
    },
    log(code: string) {
      return step({ kind: 'log', readings: {}, logCode: code });
    },
    tick() {
      return step({ kind: 'tick', readings: {} });
    },
  };
}

/** The transitions of a series of uplinks of one topic, one per value (null where none happened). */
export function transitionsOf(run: ReturnType<typeof ruleRun>, topic: string, values: TopicValue[], gapSeconds = 60): (string | null)[] {
  return values.map((value) => {
    run.advance(gapSeconds);
    return run.uplink({ [topic]: value }).transition;
  });
}
