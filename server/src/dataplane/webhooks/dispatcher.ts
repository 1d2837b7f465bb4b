import { signatureHeaders } from './signature.js';
import type { WebhookSecrets } from '../../secrets/webhook-secrets.js';
import type { ClaimCaps, ClaimedDelivery, DeliveryOutcome, FailedDelivery, WebhooksRepository } from '../../repositories/webhooks.js';
import type { WebhookDeliveryErrorCode } from '../../schemas/messages.js';
import { processNodeName } from '../node-name.js';
import { OutcomeWriter } from './outcome-writer.js';
import { DeliveryFailure, postJson, type PostJson } from './post.js';

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 5_000;
const TIMEOUT_MS = 5_000;
/**
 * Deliveries one node has under way at most. Within it the receivers set the pace: a receiver that
 * answers in 1.5 s still gets 30 to 40 a second from each node, a fast one as many as the node can
 * send. The bound keeps a burst of uplinks from opening thousands of sockets at once, and limits
 * what a node that dies leaves waiting for its leases to run out.
 */
export const CONCURRENCY = 64;
/** Longer than a send can take (TIMEOUT_MS) and its outcome to be stored, so a live claim is never taken over. */
export const LEASE_MS = 30_000;

/** 5 s, 10 s, 20 s … after each failed attempt. */
export const retryDelayMs = (attempts: number): number => FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);

export interface DispatcherOptions {
  /** Opens the stored (sealed) signing secrets (secrets/webhook-secrets.ts). */
  secrets: Pick<WebhookSecrets, 'open'>;
  post?: PostJson;
  /** Names this process in claims (node-name.ts). */
  node?: string;
  /** WEBHOOKS_ALLOW_PRIVATE (tests and development only), for the default sender. */
  allowPrivate?: boolean;
  /** Deliveries under way at once per company and per destination, across nodes; domain/webhooks.ts when absent. */
  caps?: ClaimCaps;
}

/**
 * Sends queued webhook deliveries. Runs beside ingest, so a slow or dead receiver never delays
 * storing data. Each delivery is claimed with a lease and its attempt counted before it is sent,
 * so several nodes on one database never send it at once; failures are retried with exponential
 * backoff, then kept as failed.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  /** Wakes a running dispatch that waits for a free slot: new deliveries may be due meanwhile. */
  private wake: (() => void) | undefined;
  /**
   * A call came, or a delivery ended, since the running dispatch last began to claim: that claim
   * may have read the queue before what the call queued was committed, or counted the ended
   * delivery against its company's cap, so the dispatch claims once more before it waits or ends.
   * (Waking alone missed both: nothing was waiting yet. A dispatch whose last claim found the cap
   * full ended with the company's backlog unsent once its deliveries ended during that claim.)
   */
  private lookAgain = false;
  private stopping = false;
  private readonly post: PostJson;
  private readonly node: string;
  private readonly caps: ClaimCaps | undefined;
  private readonly outcomes: OutcomeWriter;
  private readonly secrets: Pick<WebhookSecrets, 'open'>;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly now: () => Date,
    options: DispatcherOptions,
  ) {
    this.post = options.post ?? postJson({ timeoutMs: TIMEOUT_MS, allowPrivate: options.allowPrivate ?? false });
    this.node = options.node ?? processNodeName();
    this.caps = options.caps;
    this.secrets = options.secrets;
    this.outcomes = new OutcomeWriter(webhooks, this.node, now);
  }

  /**
   * Sends deliveries until none is due and none is under way; returns how many were attempted.
   * While one runs, a call makes it look for due deliveries at once (the tick does so each second).
   */
  dispatchDue(): Promise<number> {
    this.lookAgain = true;
    this.wake?.();
    this.running ??= this.dispatch().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** The tick only wakes an idle node: once awake it keeps claiming while there is due work. */
  start(intervalMs: number, log: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.dispatchDue().catch(log), intervalMs);
    this.timer.unref();
  }

  /** Claims nothing more and waits for the deliveries under way (what is still queued waits for a node). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async dispatch(): Promise<number> {
    const underWay = new Set<Promise<void>>();
    let attempted = 0;
    let failure: unknown;
    for (;;) {
      const room = CONCURRENCY - underWay.size;
      let claimed: ClaimedDelivery[] = [];
      this.lookAgain = false;
      if (failure === undefined && !this.stopping) {
        try {
          const at = this.now();
          claimed = await this.webhooks.claim(this.node, at.toISOString(), new Date(at.getTime() + LEASE_MS).toISOString(), room, this.caps);
        } catch (error) {
          failure = error;
        }
      }
      for (const delivery of claimed) {
        const sending: Promise<void> = this.deliver(delivery)
          .catch((error: unknown) => {
            failure ??= error;
          })
          .finally(() => {
            underWay.delete(sending);
            this.lookAgain = true;
          });
        underWay.add(sending);
      }
      attempted += claimed.length;
      if (claimed.length < room) {
        // Nothing more is due now, or the rest waits for its company's or destination's turn:
        // look again as soon as one delivery is done or a call says more may be due, never only
        // after all under way are (a receiver that hangs would hold up everyone else).
        if (this.lookAgain && failure === undefined && !this.stopping) continue;
        if (underWay.size === 0) break;
        await new Promise<void>((resume) => {
          this.wake = resume;
          void Promise.race(underWay).then(resume);
        });
        this.wake = undefined;
      } else {
        // Claim again once half the slots are free: one statement claims many deliveries, and the
        // receivers never wait for the queue.
        while (underWay.size > CONCURRENCY / 2) await Promise.race(underWay);
      }
    }
    if (failure !== undefined) throw failure;
    return attempted;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    // Past the last attempt only when earlier claims never recorded an outcome: the nodes holding
    // them died while sending it. Given up without sending, so one delivery cannot take node after node down.
    if (delivery.attempts > MAX_ATTEMPTS) {
      await this.outcomes.record(notDelivered(delivery, 'abandoned', null, this.now()));
      return;
    }
    // The company's own header first: ours (content type, signature) cannot be overridden by it.
    const headers: Record<string, string> = {};
    if (delivery.header_name && delivery.header_value) headers[delivery.header_name.toLowerCase()] = delivery.header_value;
    Object.assign(headers, { 'content-type': 'application/json', 'user-agent': 'lora-console-webhooks' });
    Object.assign(headers, signatureHeaders(this.secrets.open(delivery.webhook_id, delivery.secret), delivery.id, this.now(), delivery.payload));
    let outcome: DeliveryOutcome;
    // Wall time, not the injected clock: how long the receiver took is a measurement, not a schedule.
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const status = await this.post(delivery.url, headers, delivery.payload);
      outcome =
        status >= 200 && status <= 299
          ? { id: delivery.id, status: 'delivered', response_status: status, duration_ms: took() }
          : notDelivered(delivery, 'http_status', status, this.now(), took());
    } catch (failure) {
      // A sender that failed otherwise (a bug) is still only a failed connection in the log.
      outcome = notDelivered(delivery, failure instanceof DeliveryFailure ? failure.category : 'connection_failed', null, this.now(), took());
    }
    await this.outcomes.record(outcome);
  }
}

/** Tried again later, or given up after the last attempt (the claim already counted this one). */
function notDelivered(
  delivery: ClaimedDelivery,
  error: WebhookDeliveryErrorCode,
  status: number | null,
  at: Date,
  durationMs: number | null = null,
): FailedDelivery {
  return {
    id: delivery.id,
    status: delivery.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
    next_attempt_at: new Date(at.getTime() + retryDelayMs(delivery.attempts)).toISOString(),
    last_error: error,
    response_status: status,
    duration_ms: durationMs,
  };
}
