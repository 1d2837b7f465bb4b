/**
 * How much of the webhook machinery one company or one receiver may take (issue #16): a company
 * whose endpoint hangs must not delay anyone else's deliveries.
 */

/** Webhooks one company may have. Each uplink queues one delivery per webhook, so this also bounds a company's share of the queue. */
export const MAX_WEBHOOKS_PER_COMPANY = 10;

/**
 * Deliveries of one company under way at once, across all nodes (live claims in the database).
 * Half of one node's slots: a company whose receivers hang holds at most these while they time
 * out, and every other company's deliveries keep the rest.
 */
export const COMPANY_CONCURRENCY = 32;

/**
 * Deliveries to one destination (scheme, host and port) under way at once, across all nodes and
 * companies: a receiver shared by many companies is not flooded, and when it hangs it holds no
 * more than this.
 */
export const DESTINATION_CONCURRENCY = 32;

/**
 * The body of a test delivery (the console's "Send test event"): shaped like an uplink's delivery
 * (`event`, `time`) so a receiver can tell it apart by `event` and still parse it.
 */
export const testEventPayload = (webhook: { id: string; company_id: string }, time: string) => ({
  event: 'test',
  time,
  webhook_id: webhook.id,
  company_id: webhook.company_id,
});

/** Where a webhook's deliveries go, as the per-destination cap counts them: scheme, host and port. */
export const destinationOf = (url: string): string => new URL(url).origin;
