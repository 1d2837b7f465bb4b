import { Type, type Static } from 'typebox';
import { ListQueryFields, NonBlank, Page, Timestamp, Uuid } from './common.js';
import { DownlinkBody } from './downlinks.js';

const Topic = Type.String({ minLength: 1, maxLength: 200 });
const Seconds = (maximum: number) => Type.Integer({ minimum: 1, maximum });
const WEEK_S = 7 * 86_400;
export const TopicValueSchema = Type.Union([Type.Number(), Type.String({ maxLength: 200 }), Type.Boolean()]);

/** How a topic's value is compared: `value` is the threshold (the lower bound with `between`, `max` the upper). */
export const TOPIC_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'ne', 'between', 'changed', 'changed_by'] as const;
export type TopicOperator = (typeof TOPIC_OPERATORS)[number];

const Comparison = {
  topic: Topic,
  op: Type.Enum(TOPIC_OPERATORS),
  value: Type.Optional(TopicValueSchema),
  max: Type.Optional(Type.Number()),
  /** `changed_by`: the change must be larger than this. */
  delta: Type.Optional(Type.Number({ minimum: 0 })),
};

/** A topic's value compared, optionally held for `for_s` seconds before it counts ("above 8 for 10 minutes"). */
export const TopicCondition = Type.Object(
  { type: Type.Literal('topic'), ...Comparison, for_s: Type.Optional(Seconds(WEEK_S)) },
  { additionalProperties: false },
);
/** At least `times` uplinks matching the comparison within the last `window_s` seconds. */
export const CountCondition = Type.Object(
  { type: Type.Literal('count'), ...Comparison, times: Type.Integer({ minimum: 1, maximum: 1000 }), window_s: Seconds(WEEK_S) },
  { additionalProperties: false },
);
export const NoUplinkCondition = Type.Object({ type: Type.Literal('no_uplink'), period_s: Seconds(30 * 86_400) }, { additionalProperties: false });
export const BatteryCondition = Type.Object(
  { type: Type.Literal('battery_below'), level: Type.Number({ minimum: 0, maximum: 100 }) },
  { additionalProperties: false },
);
/** A network-server log event of this code (ChirpStack's: UPLINK_MIC, OTAA, UPLINK_F_CNT_RESET, …). */
export const LogCondition = Type.Object(
  { type: Type.Literal('log_code'), code: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export const LeafCondition = Type.Union([TopicCondition, CountCondition, NoUplinkCondition, BatteryCondition, LogCondition]);
export type LeafCondition = Static<typeof LeafCondition>;

const Match = Type.Enum(['all', 'any'] as const);
/** Two levels are enough for "A and (B or C)" and keep the form (and the schema) without recursion. */
export const ConditionGroup = Type.Object(
  { match: Match, conditions: Type.Array(LeafCondition, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type ConditionGroup = Static<typeof ConditionGroup>;
export const RuleCondition = Type.Object(
  { match: Match, conditions: Type.Array(Type.Union([LeafCondition, ConditionGroup]), { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type RuleCondition = Static<typeof RuleCondition>;

/** When the rule may fire: weekdays (0 Sunday … 6 Saturday) and a time of day in a time zone; `to` before `from` spans midnight. */
export const RuleSchedule = Type.Object(
  {
    time_zone: Type.String({ minLength: 1, maxLength: 64 }),
    weekdays: Type.Array(Type.Integer({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
    from: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
    to: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
  },
  { additionalProperties: false },
);
export type RuleSchedule = Static<typeof RuleSchedule>;

export const RULE_SCOPES = ['company', 'device', 'unit', 'group', 'profile'] as const;
export type RuleScope = (typeof RULE_SCOPES)[number];

/** Who is told: every member of the company, or the named members. */
const Members = Type.Union([Type.Literal('all'), Type.Array(Uuid, { minItems: 1, maxItems: 100, uniqueItems: true })]);
export const NotificationAction = Type.Object({ type: Type.Literal('notification'), members: Members }, { additionalProperties: false });
/** An e-mail to each recipient (members of the company only: a rule never mails outside it), in the recipient's language. */
export const EmailAction = Type.Object({ type: Type.Literal('email'), members: Members }, { additionalProperties: false });
export const WebhookAction = Type.Object({ type: Type.Literal('webhook'), webhook_id: Uuid }, { additionalProperties: false });
/** A downlink as the device page sends one (hex, base64, or JSON through the profile's encodeDownlink); sent when the rule fires. */
export const DownlinkAction = Type.Object({ type: Type.Literal('downlink'), ...DownlinkBody.properties }, { additionalProperties: false });
/** Sets the device's topic to true while the rule fires and to false when it resolves, for dashboards. */
export const FlagAction = Type.Object({ type: Type.Literal('flag'), topic: Topic }, { additionalProperties: false });
export const RuleAction = Type.Union([NotificationAction, EmailAction, WebhookAction, DownlinkAction, FlagAction]);
export type RuleAction = Static<typeof RuleAction>;
export type DownlinkAction = Static<typeof DownlinkAction>;

const RuleFields = {
  name: NonBlank(200),
  enabled: Type.Boolean(),
  scope: Type.Enum(RULE_SCOPES),
  /** The device, unit, group or profile of the scope; null for the whole company. */
  scope_id: Type.Union([Uuid, Type.Null()]),
  condition: RuleCondition,
  schedule: Type.Union([RuleSchedule, Type.Null()]),
  /** How far a value must fall back past its threshold before a firing rule resolves (re-arms). */
  hysteresis: Type.Number({ minimum: 0 }),
  actions: Type.Array(RuleAction, { minItems: 1, maxItems: 10 }),
};

export const RuleState = Type.Object({
  /** Devices for which the rule fires now. */
  firing: Type.Integer(),
  /** The earliest start of those firings; null while it is armed everywhere. */
  firing_since: Type.Union([Timestamp, Type.Null()]),
  last_fired_at: Type.Union([Timestamp, Type.Null()]),
});
export const RuleResponse = Type.Object({
  id: Uuid,
  company_id: Uuid,
  ...RuleFields,
  state: RuleState,
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Rule = Static<typeof RuleResponse>;
export type RuleDefinition = Pick<Rule, 'condition' | 'schedule' | 'hysteresis'>;

export const RuleCreateBody = Type.Object(
  {
    company_id: Uuid,
    ...RuleFields,
    enabled: Type.Optional(Type.Boolean({ default: true })),
    schedule: Type.Optional(RuleFields.schedule),
    hysteresis: Type.Optional(RuleFields.hysteresis),
  },
  { additionalProperties: false },
);
export type RuleCreateBody = Static<typeof RuleCreateBody>;
export const RuleUpdateBody = Type.Partial(Type.Object(RuleFields), { additionalProperties: false });
export type RuleUpdateBody = Static<typeof RuleUpdateBody>;
/** The columns the rules list sorts by (the console's list sorts by name and by each column header). */
export const RULE_ORDERINGS = ['name', '-name', 'enabled', '-enabled', 'scope', '-scope', 'created_at', '-created_at'] as const;
export type RuleOrdering = (typeof RULE_ORDERINGS)[number];
export const RuleListQuery = Type.Object(
  {
    company_id: Uuid,
    page: ListQueryFields.page,
    page_size: ListQueryFields.page_size,
    search: Type.Optional(Type.String({ maxLength: 200 })),
    ordering: Type.Optional(Type.Enum(RULE_ORDERINGS)),
  },
  { additionalProperties: false },
);
export const RuleListResponse = Page(RuleResponse);

export const TopicValues = Type.Record(Type.String(), Type.Union([TopicValueSchema, Type.Null()]));
export type TopicValues = Static<typeof TopicValues>;
export const RuleTransition = Type.Enum(['fired', 'resolved'] as const);
export type RuleTransition = Static<typeof RuleTransition>;
export const RuleFiringResponse = Type.Object({
  id: Uuid,
  rule_id: Uuid,
  device_id: Uuid,
  device_name: Type.String(),
  transition: RuleTransition,
  at: Timestamp,
  /** The values the condition read when it changed. */
  values: TopicValues,
});
export type RuleFiring = Static<typeof RuleFiringResponse>;
export const RuleFiringListQuery = Type.Object({ page: ListQueryFields.page, page_size: ListQueryFields.page_size }, { additionalProperties: false });
export const RuleFiringListResponse = Page(RuleFiringResponse);

/** The rule as it would be saved, replayed over the scope's last 24 hours of data. */
export const RulePreviewBody = Type.Object(
  {
    company_id: Uuid,
    scope: RuleFields.scope,
    scope_id: RuleFields.scope_id,
    condition: RuleCondition,
    schedule: Type.Optional(RuleFields.schedule),
    hysteresis: Type.Optional(RuleFields.hysteresis),
  },
  { additionalProperties: false },
);
export type RulePreviewBody = Static<typeof RulePreviewBody>;
export const RulePreviewResponse = Type.Object({
  from: Timestamp,
  to: Timestamp,
  /** Samples replayed (bounded; `truncated` when there were more). */
  samples: Type.Integer(),
  truncated: Type.Boolean(),
  transitions: Type.Array(Type.Omit(RuleFiringResponse, ['id', 'rule_id'])),
});
export type RulePreview = Static<typeof RulePreviewResponse>;

/** The topics the scope's devices reported recently, with a sample value, for the condition form. */
export const RuleTopicsQuery = Type.Object({ company_id: Uuid, scope: RuleFields.scope, scope_id: Type.Optional(Uuid) }, { additionalProperties: false });
export const RuleTopic = Type.Object({ topic: Type.String(), sample: Type.Union([TopicValueSchema, Type.Null()]), numeric: Type.Boolean() });
export type RuleTopic = Static<typeof RuleTopic>;
export const RuleTopicsResponse = Type.Object({ items: Type.Array(RuleTopic) });
