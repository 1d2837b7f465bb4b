import { armedMemory, evaluateRule, leavesOf, topicsRead, type Evaluation, type RuleInput, type RuleMemory } from '../../domain/rules/evaluate.js';
import { inScope } from '../../domain/rules/scope.js';
import type { TopicValue } from '../../domain/topics.js';
import type { Db } from '../../db/database.js';
import type { EncodedDownlink } from '../../repositories/rule-actions.js';
import {
  stateKey,
  type RecordedTransition,
  type RuleEvaluatedDevice,
  type RuleStage,
  type RuleStatesRepository,
  type RuleStep,
  type RuleUplink,
  type StateWrite,
  type StoredState,
} from '../../repositories/rule-states.js';
import type { StoredRule } from '../../repositories/rules.js';
import type { DownlinkAction, RuleTransition } from '../../schemas/rules.js';
import { indexRules, rulesFor, type CompanyRules, type IndexedRule } from './rule-index.js';
import { RuleStateCache, type DeviceStates } from './state-cache.js';

/** Encodes a downlink action for a device's profile codec (hex and base64 as typed, JSON through encodeDownlink); null when it cannot. */
export type RuleDownlinkEncoder = (companyId: string, codec: string | null, action: DownlinkAction) => Promise<EncodedDownlink | null>;

/** A device as the engine needs it: what actions name, its codec, battery, last uplink and where it sits. */
export type EngineDevice = RuleEvaluatedDevice;

export interface RuleEngineOptions {
  /** How long a node trusts its cached rules of a company; a change on this node drops them at once. */
  cacheMs: number;
  /** Downlinks only where a network server would send them. */
  encodeDownlink?: RuleDownlinkEncoder | undefined;
  onError?: (error: unknown) => void;
}

/** Rule states (of all devices) a node keeps in memory between batches: some 100 MB at most. */
const CACHED_STATES = 200_000;

/** Attempts of one rule at one event when other evaluations keep moving its state first. */
const ATTEMPTS = 5;

/**
 * One rule's evaluations of one device's uplinks in a batch, from the state read to the state to
 * write: made only once an evaluation changed the memory (nearly all leave it as it was, and
 * cost no allocation).
 */
interface Track {
  rule: StoredRule;
  device: EngineDevice;
  before: StoredState | null;
  memory: RuleMemory;
  changed: boolean;
  /** The last uplink of the batch that concerned the rule (the state's `updated_at`). */
  lastAt: Date;
  transitions: RecordedTransition[];
}

/** The memory of a rule without a state for the device: shared, since an evaluation never changes the memory it starts from. */
const ARMED: RuleMemory = Object.freeze({ ...armedMemory(), pending: Object.freeze({}), windows: Object.freeze({}) });

/** A batch's uplink that concerns rules, with the rules it concerns and the input they are evaluated on. */
interface Concerned {
  uplink: RuleUplink;
  rules: IndexedRule[];
  input?: RuleInput;
}

/**
 * Evaluates a company's rules on each stored event of its devices and records the transitions
 * (rule-states.ts). Rules are cached per company, indexed by scope and topic, so an event costs
 * only the rules it concerns. New uplinks are evaluated in their batch's transaction (the uplink
 * writer's): one read of their devices' states and one write of the states that changed per
 * batch. Status and log events are evaluated alone; a device's states are written only when they
 * change (a transition, a held-since time, a window). A failure is reported, never thrown: the
 * event is stored anyway.
 */
export class RuleEngine implements RuleStage {
  readonly stats = { transitions: 0, conflicts: 0, errors: 0 };
  private readonly cache = new Map<string, CompanyRules & { until: number }>();
  private readonly stateCache = new RuleStateCache(CACHED_STATES);

  constructor(
    private readonly store: RuleStatesRepository,
    private readonly now: () => Date,
    private readonly options: RuleEngineOptions,
  ) {}

  /** Drops a company's cached rules (after a rule of it changed). */
  invalidate(companyId: string): void {
    this.cache.delete(companyId);
  }

  private async rulesOf(companyId: string, trx?: Db): Promise<CompanyRules> {
    const clock = Date.now();
    const cached = this.cache.get(companyId);
    if (cached && cached.until > clock) return cached;
    const index = { ...indexRules(await this.store.enabledRules(companyId, trx)), until: clock + this.options.cacheMs };
    this.cache.set(companyId, index);
    return index;
  }

  async evaluate(trx: Db, uplinks: readonly RuleUplink[]): Promise<() => void> {
    return (await this.evaluateUplinks(trx, uplinks)).committed;
  }

  failed(error: unknown): void {
    this.stats.errors++;
    this.options.onError?.(error);
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
      for (const device of await this.store.silentDevices(rule.company_id, before)) {
        if (!inScope(rule, device)) continue;
        const known = await this.store.knownValues(device.id, topicsRead(rule));
        const input: RuleInput = { at: now, kind: 'tick', readings: {}, known, battery: device.battery_level, lastUplinkAt: lastSeen(device) };
        if (await this.step(rule, device, input, await this.store.state(rule.id, device.id))) transitions++;
      }
    }
    return transitions;
  }

  /**
   * The batch's uplinks in order: each rule they concern is evaluated on the device's state as the
   * batch's earlier uplinks left it, and only the last state of each rule and device is written.
   * The devices' versions are taken first (locked on PostgreSQL, in one order on every node), so
   * no other evaluation writes their states until this one commits; their states come from this
   * node's cache where the version did not move, else from the database. A state another
   * evaluation created meanwhile is read again and its rule evaluated again on it.
   */
  private async evaluateUplinks(trx: Db, uplinks: readonly RuleUplink[]): Promise<{ transitions: RuleTransition[]; committed: () => void }> {
    const concerned: Concerned[] = [];
    for (const uplink of uplinks) {
      const rules = rulesFor(await this.rulesOf(uplink.device.company_id, trx), uplink.device, uplink.readings);
      if (rules.length > 0) concerned.push({ uplink, rules });
    }
    if (concerned.length === 0) return { transitions: [], committed: () => undefined };
    const deviceIds = [...new Set(concerned.map(({ uplink }) => uplink.device.id))];
    const versions = await this.store.lockVersions(trx, deviceIds);
    const states = await this.statesAt(trx, deviceIds, versions);
    const known = await this.knownBefore(trx, concerned);
    const tracks = new Map<string, Map<string, Track>>();
    const changed: Track[] = [];
    for (const entry of concerned) {
      const { uplink, rules } = entry;
      const deviceId = uplink.device.id;
      const values = known.get(deviceId) ?? {};
      const at = new Date(uplink.at);
      const input: RuleInput = { at, kind: 'uplink', readings: uplink.readings, known: values, battery: uplink.device.battery_level, lastUplinkAt: at };
      entry.input = input;
      // A later uplink of the device in this batch knows this one's values.
      known.set(deviceId, { ...values, ...uplink.readings });
      const read = states.get(deviceId);
      let byRule = tracks.get(deviceId);
      for (const { rule } of rules) {
        let track = byRule?.get(rule.id);
        if (track) {
          const encoding = this.advance(track, input);
          if (encoding) await encoding;
          continue;
        }
        const before = read?.get(rule.id) ?? null;
        const evaluation = evaluateRule(rule, before?.memory ?? ARMED, input);
        if (!evaluation.changed) continue;
        track = { rule, device: uplink.device, before, memory: evaluation.memory, changed: false, lastAt: at, transitions: [] };
        if (!byRule) tracks.set(deviceId, (byRule = new Map()));
        byRule.set(rule.id, track);
        changed.push(track);
        const encoding = this.apply(track, evaluation, input);
        if (encoding) await encoding;
      }
    }
    const lost = await this.store.writeStates(trx, changed.map(stateWrite));
    const unsure = new Set<string>();
    for (const track of changed) {
      if (!lost.has(stateKey(track.rule.id, track.device.id))) continue;
      unsure.add(track.device.id);
      await this.again(trx, track, concerned);
    }
    const moved = await this.store.bumpVersions(trx, [...new Set(changed.map((track) => track.device.id))]);
    const recorded = changed.flatMap((track) => track.transitions);
    await this.store.recordTransitions(trx, recorded);
    return {
      transitions: recorded.map((step) => step.transition),
      committed: () => {
        this.stats.transitions += recorded.length;
        for (const deviceId of deviceIds) {
          // A version the batch did not move by exactly one (or none at all) cannot say which states it stands for.
          const read = versions.get(deviceId);
          const written = moved.get(deviceId);
          const version = written === undefined ? read : written === (read ?? 0) + 1 ? written : undefined;
          if (version === undefined || unsure.has(deviceId)) this.stateCache.delete(deviceId);
          else this.stateCache.set(deviceId, version, statesAfter(states.get(deviceId), tracks.get(deviceId)));
        }
      },
    };
  }

  /** The devices' states at the versions read: from the cache where it holds that version, else from the database. */
  private async statesAt(trx: Db, deviceIds: readonly string[], versions: ReadonlyMap<string, number>): Promise<Map<string, DeviceStates>> {
    const states = new Map<string, DeviceStates>();
    const missing: string[] = [];
    for (const deviceId of deviceIds) {
      const cached = this.stateCache.get(deviceId, versions.get(deviceId) ?? -1);
      if (cached) states.set(deviceId, cached);
      else missing.push(deviceId);
    }
    if (missing.length > 0) for (const [deviceId, read] of await this.store.statesOf(trx, missing)) states.set(deviceId, read);
    return states;
  }

  /**
   * The devices' last values (before the batch) of the topics their rules read that their uplinks
   * lack, and of those a rule compares with their value before (`changed`, RuleInput.known).
   */
  private async knownBefore(trx: Db, concerned: readonly Concerned[]): Promise<Map<string, Record<string, TopicValue>>> {
    const devices = new Set<string>();
    const topics = new Set<string>();
    for (const { uplink, rules } of concerned) {
      for (const { topics: read, watched } of rules) {
        for (const topic of read) {
          if (uplink.readings[topic] !== undefined && !watched.includes(topic)) continue;
          devices.add(uplink.device.id);
          topics.add(topic);
        }
      }
    }
    return this.store.knownValuesOf(trx, [...devices], [...topics]);
  }

  /**
   * One evaluation of a track's rule on its memory; a firing's downlinks are encoded here, before
   * they are queued. Runs for every rule on every uplink: it awaits only when a rule fires.
   */
  private advance(track: Track, input: RuleInput): Promise<void> | undefined {
    track.lastAt = input.at;
    return this.apply(track, evaluateRule(track.rule, track.memory, input), input);
  }

  /** An evaluation's outcome kept on its track (the new memory, a transition with its downlinks). */
  private apply(track: Track, evaluation: Evaluation, input: RuleInput): Promise<void> | undefined {
    if (!evaluation.changed) return undefined;
    track.memory = evaluation.memory;
    track.changed = true;
    const { transition, values } = evaluation;
    if (!transition) return undefined;
    const recorded: RecordedTransition = { rule: track.rule, device: track.device, transition, values, at: input.at.toISOString(), downlinks: [] };
    track.transitions.push(recorded);
    if (transition !== 'fired') return undefined;
    return this.encodeDownlinks(track.rule, track.device).then((downlinks) => void (recorded.downlinks = downlinks));
  }

  /**
   * A state another evaluation created first: read it (locked) and evaluate again on it every
   * uplink of the batch that concerned the rule on the device, until its write holds.
   */
  private async again(trx: Db, track: Track, concerned: readonly Concerned[]): Promise<void> {
    const inputs = concerned.flatMap(({ uplink, rules, input }) =>
      input && uplink.device.id === track.device.id && rules.some(({ rule }) => rule.id === track.rule.id) ? [input] : [],
    );
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      this.stats.conflicts++;
      const before = await this.store.state(track.rule.id, track.device.id, trx, true);
      Object.assign(track, { before, memory: before?.memory ?? ARMED, changed: false, transitions: [] });
      for (const input of inputs) await this.advance(track, input);
      if (!track.changed || (await this.store.writeStates(trx, [stateWrite(track)])).size === 0) return;
    }
    throw new Error(`rule ${track.rule.id}: the state of device ${track.device.id} kept changing under ${ATTEMPTS} evaluations`);
  }

  private async safely(device: EngineDevice, input: RuleInput): Promise<RuleTransition[]> {
    try {
      return await this.evaluateEvent(device, input);
    } catch (error) {
      this.failed(error);
      return [];
    }
  }

  /** A status or log event: every rule of the device's scope, its changes written together in one transaction. */
  private async evaluateEvent(device: EngineDevice, input: RuleInput): Promise<RuleTransition[]> {
    const rules = rulesFor(await this.rulesOf(device.company_id), device).map(({ rule }) => rule);
    if (rules.length === 0) return [];
    const states = await this.store.states(device.id);
    const missing = [...new Set(rules.flatMap((rule) => topicsRead(rule)))].filter((topic) => input.readings[topic] === undefined);
    const known = await this.store.knownValues(device.id, missing);
    const withKnown = { ...input, known };
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
    const evaluation = evaluateRule(rule, before?.memory ?? ARMED, input);
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

/** A device's states once the batch's writes committed (the tracks' written states replace the ones read). */
function statesAfter(before: DeviceStates | undefined, tracks: ReadonlyMap<string, Track> | undefined): DeviceStates {
  const written = [...(tracks?.values() ?? [])].filter((track) => track.changed);
  if (written.length === 0) return before ?? NO_STATES;
  const after = new Map(before);
  for (const track of written) after.set(track.rule.id, { memory: track.memory, version: (track.before?.version ?? 0) + 1 });
  return after;
}

const NO_STATES: DeviceStates = new Map();

const stateWrite = (track: Track): StateWrite => ({
  ruleId: track.rule.id,
  deviceId: track.device.id,
  memory: track.memory,
  fromVersion: track.before?.version ?? 0,
  at: track.lastAt.toISOString(),
});

const lastSeen = (device: { last_seen: string | null }): Date | null => (device.last_seen ? new Date(device.last_seen) : null);
