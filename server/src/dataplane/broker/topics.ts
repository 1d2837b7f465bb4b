import type { BrokerIdentity } from './identity.js';

/**
 * Topic rules of the ChirpStack MQTT forwarder layout, `<region>/gateway/<gateway id>/<kind>/<name>`.
 * A gateway publishes its own `event/…` (up, stats, ack, exec) and `state/…` (conn) and subscribes
 * to its own `command/…` (down, config, exec); the network server reads every gateway's events
 * and states and sends any gateway commands. ChirpStack writes gateway ids in lower case, the
 * console stores them in upper case: ids compare case-insensitively.
 */
interface GatewayTopic {
  region: string;
  /** As written in the topic: a gateway id in any case, or a wildcard in subscriptions. */
  id: string;
  kind: string;
  name: string;
}

const EUI_IN_TOPIC = /^[0-9A-Fa-f]{16}$/;
const isWildcard = (level: string) => level === '+' || level === '#';

function parse(topic: string): GatewayTopic | undefined {
  const levels = topic.split('/');
  const [region, gateway, id, kind, name] = levels;
  if (levels.length !== 5 || region === undefined || id === undefined || kind === undefined || name === undefined) return undefined;
  // '$' topics are the broker's own; '#' as region would reach every gateway and beyond.
  if (gateway !== 'gateway' || region === '' || region === '#' || region.startsWith('$') || name === '') return undefined;
  return { region, id, kind, name };
}

/** The exact gateway, whatever the case of its id; never a wildcard or any other text. */
const isGateway = (id: string, gatewayId: string) => EUI_IN_TOPIC.test(id) && id.toUpperCase() === gatewayId;

/** Publications name one topic: no level may be a wildcard. */
const isConcrete = (topic: GatewayTopic) => !isWildcard(topic.region) && !isWildcard(topic.kind) && !isWildcard(topic.name);

export function mayPublish(identity: BrokerIdentity, topic: string): boolean {
  const parsed = parse(topic);
  if (!parsed || !isConcrete(parsed)) return false;
  if (identity.role === 'network-server') return parsed.kind === 'command' && EUI_IN_TOPIC.test(parsed.id);
  return (parsed.kind === 'event' || parsed.kind === 'state') && isGateway(parsed.id, identity.gatewayId);
}

export function maySubscribe(identity: BrokerIdentity, filter: string): boolean {
  const parsed = parse(filter);
  if (!parsed || parsed.kind === '#' || parsed.id === '#') return false;
  if (identity.role === 'network-server') {
    return (parsed.kind === 'event' || parsed.kind === 'state') && (parsed.id === '+' || EUI_IN_TOPIC.test(parsed.id));
  }
  return parsed.kind === 'command' && isGateway(parsed.id, identity.gatewayId);
}

export type GatewayMessageKind = 'up' | 'stats' | 'conn' | 'other';

export function messageKind(topic: string): GatewayMessageKind {
  if (topic.endsWith('/event/up')) return 'up';
  if (topic.endsWith('/event/stats')) return 'stats';
  if (topic.endsWith('/state/conn')) return 'conn';
  return 'other';
}
