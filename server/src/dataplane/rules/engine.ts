import { armedMemory, evaluateRule, leavesOf, topicsRead, type RuleInput } from '../../domain/rules/evaluate.js';
import { inScope, type DevicePlace } from '../../domain/rules/scope.js';
import type { TopicValue } from '../../domain/topics.js';
import type { EncodedDownlink, RuleDevice } from '../../repositories/rule-actions.js';
import type { RuleStatesRepository, RuleStep, StoredState } from '../../repositories/rule-states.js';
import type { StoredRule } from '../../repositories/rules.js';
import type { DownlinkAction, RuleTransition } from '../../schemas/rules.js';

/** Encodes a downlink action for a device's profile codec (hex and base64 as typed, JSON through encodeDownlink); null when it cannot. */
export type RuleDownlinkEncoder = (companyId: string, codec: string | null, action: DownlinkAction) => Promise<EncodedDownlink | null>;

/** A device as the engine needs it; where it sits is looked up only when a rule's scope asks. */
export interface EngineDevice extends RuleDevice {
  codec: string | null;
  battery_level: number | null;
  last_seen: string | null;
  place?: Omit<DevicePlace, 'id'> | undefined;
}

export interface RuleEngineOptions {
  /** How long a node trusts its cached rules of a company; a change on this node drops them at once. */
  cacheMs: number;
  /** Downlinks only where a network server would send them. */
  encodeDownlink?: RuleDownlinkEncoder | undefined;
  onError?: (error: unknown) => void;
}

/** Attempts of one rule at one event when other evaluations keep moving its state first. */
const ATTEMPTS = 5;

/**
 * Evaluates a company's rules on each stored event of its devices and records the transitions
 * (rule-states.ts). Rules are cached per company; a device's states are read in one query and
 * written only when they change (a transition, a held-since time, a window). A failure is reported,
 * never thrown: the event is stored already.
 */
export class RuleEngine {
  readonly stats = { transitions: 0, conflicts: 0, errors: 0 };
  private readonly cache = new Map<string, { rules: StoredRule[]; until: number }>();

  constructor(
    private readonly store: RuleStatesRepository,
    private readonly now: () => Date,
    private readonly options: RuleEngineOptions,
  ) {}

  /** Drops a company's cached rules (after a rule of it changed). */
  invalidate(companyId: string): void {
    this.cache.delete(companyId);
  }

  private async rulesOf(companyId: string): Promise<StoredRule[]> {
    const clock = Date.now();
    const cached = this.cache.get(companyId);
    if (cached && cached.until > clock) return cached.rules;
    const rules = await this.store.enabledRules(companyId);
    this.cache.set(companyId, { rules, until: clock + this.options.cacheMs });
    return rules;
  }

  uplink(device: EngineDevice, at: string, readings: Readonly<Record<string, TopicValue>>): Promise<RuleTransition[]> {
    return this.safely(device, { at: new Date(at), kind: 'uplink', readings, battery: device.battery_level, lastUplinkAt: new Date(at) });
  }

  status(device: EngineDevice, at: string, battery: number | null): Promise<RuleTransition[]> {
    return this.safely(device, { at: new Date(at), kind: 'status', readings: {}, battery, lastUplinkAt: lastSeen(device) });
  }

  log(device: EngineDevice, at: string, code: string): Promise<RuleTransition[]> {
    return this.safely(device, { at: new Date(at), kind: 'log', readings: {}, logCode: code, battery: device.battery_level, lastUplinkAt: lastSeen(device) });
  }

  /**
   * Time passing: the rules that watch for missing uplinks, for the devices silent long enough
   * (the maintenance loop calls it on the node that holds its lease). Answers the transitions.
   */
  async sweep(): Promise<number> {
    const now = this.now();
    let transitions = 0;
    for (const rule of await this.store.timedRules()) {
      const periods = leavesOf(rule).flatMap(({ leaf }) => (leaf.type === 'no_uplink' ? [leaf.period_s] : []));
      const before = new Date(now.getTime() - Math.min(...periods) * 1000).toISOString();
      for (const row of await this.store.silentDevices(rule.company_id, before)) {
        const device: EngineDevice = { ...row, place: row };
        if (!inScope(rule, row)) continue;
        const known = await this.store.knownValues(device.id, topicsRead(rule));
        const input: RuleInput = { at: now, kind: 'tick', readings: {}, known, battery: device.battery_level, lastUplinkAt: lastSeen(device) };
        if (await this.step(rule, device, input, await this.store.state(rule.id, device.id))) transitions++;
      }
    }
    return transitions;
  }

  private async safely(device: EngineDevice, input: RuleInput): Promise<RuleTransition[]> {
    try {
      return await this.evaluate(device, input);
    } catch (error) {
      this.stats.errors++;
      this.options.onError?.(error);
      return [];
    }
  }

  private async evaluate(device: EngineDevice, input: RuleInput): Promise<RuleTransition[]> {
    const all = await this.rulesOf(device.company_id);
    if (all.length === 0) return [];
    const needsPlace = all.some((rule) => rule.scope === 'unit' || rule.scope === 'group' || rule.scope === 'profile');
    const place = device.place ?? (needsPlace ? await this.store.place(device.id) : undefined);
    const where: DevicePlace = { id: device.id, unit_id: place?.unit_id ?? null, group_id: place?.group_id ?? null, profile_id: place?.profile_id ?? null };
    const rules = all.filter((rule) => inScope(rule, where));
    if (rules.length === 0) return [];
    const states = await this.store.states(device.id);
    const missing = [...new Set(rules.flatMap((rule) => topicsRead(rule)))].filter((topic) => input.readings[topic] === undefined);
    const known = await this.store.knownValues(device.id, missing);
    const withKnown = { ...input, known };
    // The changes of all rules at this event are written together, in one transaction.
    const steps: RuleStep[] = [];
    for (const rule of rules) {
      const step = await this.prepare(rule, device, withKnown, states.get(rule.id) ?? null);
      if (step) steps.push(step);
    }
    if (steps.length === 0) return [];
    const lost = await this.store.recordMany(steps);
    const transitions: RuleTransition[] = [];
    for (const step of steps) {
      const transition = lost.has(step) ? await this.retry(step.rule, device, withKnown) : this.recorded(step);
      if (transition) transitions.push(transition);
    }
    return transitions;
  }

  /** A rule's evaluation as a step to record; null when nothing changed. */
  private async prepare(rule: StoredRule, device: EngineDevice, input: RuleInput, before: StoredState | null): Promise<RuleStep | null> {
    const evaluation = evaluateRule(rule, before?.memory ?? armedMemory(), input);
    if (!evaluation.changed) return null;
    const downlinks = evaluation.transition === 'fired' ? await this.encodeDownlinks(rule, device) : [];
    const { memory, transition, values } = evaluation;
    return { rule, device, before, memory, transition, values, at: input.at.toISOString(), downlinks };
  }

  private recorded(step: RuleStep): RuleTransition | null {
    if (step.transition) this.stats.transitions++;
    return step.transition;
  }

  /** Evaluates one rule again on the state another evaluation wrote first, until its own step is recorded. */
  private async retry(rule: StoredRule, device: EngineDevice, input: RuleInput): Promise<RuleTransition | null> {
    this.stats.conflicts++;
    return this.step(rule, device, input, await this.store.state(rule.id, device.id));
  }

  /** Evaluates one rule and records the outcome; evaluates again on the newer state when another evaluation got there first. */
  private async step(rule: StoredRule, device: EngineDevice, input: RuleInput, state: StoredState | null): Promise<RuleTransition | null> {
    let before = state;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const step = await this.prepare(rule, device, input, before);
      if (!step) return null;
      if ((await this.store.recordMany([step])).size === 0) return this.recorded(step);
      this.stats.conflicts++;
      before = await this.store.state(rule.id, device.id);
    }
    throw new Error(`rule ${rule.id}: the state of device ${device.id} kept changing under ${ATTEMPTS} evaluations`);
  }

  private async encodeDownlinks(rule: StoredRule, device: EngineDevice): Promise<(EncodedDownlink | null)[]> {
    const encode = this.options.encodeDownlink;
    const actions = rule.actions.filter((action): action is DownlinkAction => action.type === 'downlink');
    if (!encode || actions.length === 0) return [];
    const encoded: (EncodedDownlink | null)[] = [];
    for (const action of actions) encoded.push(await encode(device.company_id, device.codec, action));
    return encoded;
  }
}

const lastSeen = (device: { last_seen: string | null }): Date | null => (device.last_seen ? new Date(device.last_seen) : null);
