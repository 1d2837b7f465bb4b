/**
 * Topic rules of the ChirpStack MQTT forwarder layout: `<region>/gateway/<gateway id>/…`
 * (`event/up`, `event/stats`, `state/conn`, `command/down`, …). A gateway may only use its own.
 */
export function isOwnTopic(topic: string, gatewayId: string): boolean {
  const [region, kind, id, ...rest] = topic.split('/');
  // The region may be a single-level wildcard in subscriptions; '#' there would reach others.
  return region !== undefined && region !== '' && region !== '#' && kind === 'gateway' && id === gatewayId && rest.length > 0 && !topic.startsWith('$');
}

export type GatewayMessageKind = 'up' | 'stats' | 'conn' | 'other';

export function messageKind(topic: string): GatewayMessageKind {
  if (topic.endsWith('/event/up')) return 'up';
  if (topic.endsWith('/event/stats')) return 'stats';
  if (topic.endsWith('/state/conn')) return 'conn';
  return 'other';
}
