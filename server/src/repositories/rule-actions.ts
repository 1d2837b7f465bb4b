import type { Db, Dialect } from '../db/database.js';
import type { RuleAction, RuleTransition, TopicValues } from '../schemas/rules.js';
import { downlinksRepository } from './downlinks.js';
import { mailOutboxRepository } from './mail-outbox.js';
import { networkOutboxRepository } from './network-outbox.js';
import { notificationsRepository } from './notifications.js';
import type { StoredRule } from './rules.js';
import { pendingDelivery } from './webhooks.js';

/** The device a rule acted on, as its notifications and webhook bodies name it. */
export interface RuleDevice {
  id: string;
  company_id: string;
  dev_eui: string;
  name: string;
}

/** A downlink action's bytes, encoded before the transaction (a JSON payload goes through the profile's codec). */
export interface EncodedDownlink {
  fPort: number;
  confirmed: boolean;
  dataHex: string;
}

export interface RuleActionContext {
  rule: StoredRule;
  device: RuleDevice;
  transition: RuleTransition;
  values: TopicValues;
  at: string;
  /** Encoded downlinks in the order of the rule's downlink actions (null: could not be encoded); none when no network server would send them. */
  downlinks: readonly (EncodedDownlink | null)[];
}

/** "temperature = 9.5, door = open": the values of a notification, in the wire's own notation. */
export const valuesText = (values: TopicValues): string =>
  Object.entries(values)
    .map(([topic, value]) => `${topic} = ${value === null ? '–' : String(value)}`)
    .join(', ');

/**
 * Writes what a rule's transition does, in the transaction that records it, so an action is queued
 * exactly when the transition is: notifications, e-mails (sent by the mail sender), webhook
 * deliveries (sent by the webhook dispatcher), downlinks (pushed through the network outbox; on
 * firing only) and the flag topic.
 */
export async function writeRuleActions(trx: Db, dialect: Dialect, ctx: RuleActionContext): Promise<void> {
  const { rule, device, transition, values, at } = ctx;
  let downlinkIndex = 0;
  for (const action of rule.actions) {
    switch (action.type) {
      case 'notification':
        await notify(trx, action, ctx);
        break;
      case 'email':
        await email(trx, action, ctx);
        break;
      case 'webhook': {
        const hook = await trx
          .selectFrom('webhooks')
          .select('id')
          .where('id', '=', action.webhook_id)
          .where('company_id', '=', device.company_id)
          .where('enabled', '=', 1)
          .executeTakeFirst();
        if (!hook) break;
        const body = {
          event: 'rule',
          transition,
          time: at,
          rule: { id: rule.id, name: rule.name },
          device: { id: device.id, dev_eui: device.dev_eui, name: device.name },
          values,
        };
        await trx
          .insertInto('webhook_deliveries')
          .values(pendingDelivery(hook.id, JSON.stringify(body), at))
          .execute();
        break;
      }
      case 'downlink': {
        const encoded = ctx.downlinks[downlinkIndex++];
        if (transition !== 'fired' || !encoded) break;
        const created = await downlinksRepository(trx).create({ companyId: device.company_id, deviceId: device.id, ...encoded }, at);
        await networkOutboxRepository(trx, dialect).recordDownlink(device.id, device.company_id, { action: 'put', downlinkId: created.id }, at);
        break;
      }
      case 'flag':
        await setFlag(trx, device.id, action.topic, transition === 'fired', at);
        break;
    }
  }
}

type Recipients = Extract<RuleAction, { type: 'notification' | 'email' }>['members'];

/** Named members who left the company are not told about its devices. */
const chosen = <T extends { id: string }>(members: T[], named: Recipients): T[] =>
  named === 'all' ? members : members.filter((member) => named.includes(member.id));

/** The rule's page in the console, where its history shows this transition. */
export const rulePath = (ruleId: string): string => `/rules/${encodeURIComponent(ruleId)}`;

async function notify(trx: Db, action: Extract<RuleAction, { type: 'notification' }>, ctx: RuleActionContext): Promise<void> {
  const notifications = notificationsRepository(trx);
  const members = (await notifications.companyMemberIds(ctx.device.company_id)).map((id) => ({ id }));
  const recipients = chosen(members, action.members).map((member) => member.id);
  await notifications.notify(
    recipients,
    {
      kind: ctx.transition === 'fired' ? 'rule_fired' : 'rule_resolved',
      params: { rule: ctx.rule.name, name: ctx.device.name || ctx.device.dev_eui, values: valuesText(ctx.values) },
      companyId: ctx.device.company_id,
    },
    ctx.at,
  );
}

/** One e-mail per recipient, in their language, queued in the mail outbox with the transition. */
async function email(trx: Db, action: Extract<RuleAction, { type: 'email' }>, ctx: RuleActionContext): Promise<void> {
  const members = await trx
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .innerJoin('companies', 'companies.id', 'company_members.company_id')
    .select(['users.id', 'users.email', 'users.language', 'companies.name as company'])
    .where('company_members.company_id', '=', ctx.device.company_id)
    .orderBy('users.id')
    .execute();
  const outbox = mailOutboxRepository(trx);
  const params = {
    rule: ctx.rule.name,
    device: ctx.device.name || ctx.device.dev_eui,
    values: valuesText(ctx.values),
    path: rulePath(ctx.rule.id),
  };
  for (const member of chosen(members, action.members)) {
    await outbox.enqueue(
      {
        recipient: member.email,
        // The sender falls back to English for a language without mail texts.
        language: member.language,
        content: { template: ctx.transition === 'fired' ? 'rule_fired' : 'rule_resolved', params: { ...params, company: member.company } },
      },
      ctx.at,
    );
  }
}

/** The flag is a topic like a decoded one: its latest value for widgets, and a sample for charts. */
async function setFlag(trx: Db, deviceId: string, topic: string, on: boolean, at: string): Promise<void> {
  const value = JSON.stringify(on);
  await trx
    .insertInto('device_topics')
    .values({ device_id: deviceId, topic, last_value: value, last_timestamp: at, decoded_by: null })
    .onConflict((oc) => oc.columns(['device_id', 'topic']).doUpdateSet({ last_value: value, last_timestamp: at, decoded_by: null }))
    .execute();
  await trx.insertInto('topic_samples').values({ device_id: deviceId, topic, ts: at, value }).execute();
}
