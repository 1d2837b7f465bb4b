import type { DueDelivery, WebhooksRepository } from '../../repositories/webhooks.js';

export const MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 5_000;
const TIMEOUT_MS = 5_000;
const BATCH = 50;

/** 5 s, 10 s, 20 s … after each failed attempt. */
export const retryDelayMs = (attempts: number): number => FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1);

/**
 * Sends queued webhook deliveries. Runs beside ingest on a timer, so a slow or dead receiver
 * never delays storing data; failures are retried with exponential backoff, then kept as failed.
 */
export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly now: () => Date,
    private readonly send: typeof fetch = fetch,
  ) {}

  /** Sends every delivery that is due now; returns how many were attempted. */
  dispatchDue(): Promise<number> {
    this.running ??= this.dispatch().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  start(intervalMs: number, log: (error: unknown) => void): void {
    this.timer = setInterval(() => void this.dispatchDue().catch(log), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  private async dispatch(): Promise<number> {
    const due = await this.webhooks.due(this.now().toISOString(), BATCH);
    await Promise.all(due.map((delivery) => this.deliver(delivery)));
    return due.length;
  }

  private async deliver(delivery: DueDelivery): Promise<void> {
    const attempts = delivery.attempts + 1;
    const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'lora-console-webhooks' };
    if (delivery.header_name && delivery.header_value) headers[delivery.header_name] = delivery.header_value;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await this.send(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.payload,
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'manual',
      });
      status = response.status;
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    const at = this.now();
    if (!error) {
      await this.webhooks.recordAttempt(
        delivery.id,
        { status: 'delivered', attempts, next_attempt_at: delivery.next_attempt_at, last_error: null, response_status: status },
        at.toISOString(),
      );
      return;
    }
    const gaveUp = attempts >= MAX_ATTEMPTS;
    await this.webhooks.recordAttempt(
      delivery.id,
      {
        status: gaveUp ? 'failed' : 'pending',
        attempts,
        next_attempt_at: new Date(at.getTime() + retryDelayMs(attempts)).toISOString(),
        last_error: error.slice(0, 500),
        response_status: status,
      },
      at.toISOString(),
    );
  }
}
