import type { DeliveryOutcome, WebhooksRepository } from '../../repositories/webhooks.js';

interface Waiting {
  outcome: DeliveryOutcome;
  done: () => void;
  failed: (error: unknown) => void;
}

/**
 * Stores the outcomes of deliveries with group commit: the outcomes that arrive while one batch is
 * written share the next one. One statement per batch instead of one per delivery is what lets a
 * node keep up with a fast receiver on PostgreSQL, where each statement is a round trip.
 */
export class OutcomeWriter {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly node: string,
    private readonly now: () => Date,
  ) {}

  /** Resolves once the outcome is stored. */
  record(outcome: DeliveryOutcome): Promise<void> {
    return new Promise((done, failed) => {
      this.waiting.push({ outcome, done, failed });
      if (this.writing) return;
      this.writing = true;
      // After the answers that arrived with this one were read: they join its batch.
      setImmediate(() => void this.write());
    });
  }

  private async write(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting;
      this.waiting = [];
      try {
        await this.webhooks.recordOutcomes(
          this.node,
          batch.map((entry) => entry.outcome),
          this.now().toISOString(),
        );
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.failed(error);
      }
    }
    this.writing = false;
  }
}
