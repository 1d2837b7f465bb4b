import { usageDay, usageMonth } from '../domain/metering.js';
import type { TokenUsageRepository, UsageIncrement } from '../repositories/token-usage.js';

interface MonthUsage {
  month: string;
  /** The database's total when last read, which then held every count this node had made. */
  stored: number;
  /** This node's counter for the month when the total was read. */
  localAtRead: number;
  readAt: number;
}

/**
 * Counts API tokens per company on this node and writes them in batches: one upsert-increment
 * per company and day every `flushMs` and when the node closes, so the hot path never waits on
 * a write. Several nodes add to the same rows atomically, so the totals are exact; a node killed
 * with SIGKILL loses at most its last `flushMs` of counts.
 */
export class TokenMeter {
  private pending = new Map<string, UsageIncrement>();
  /** Tokens this node counted per company and month, never reset: the part of the total not yet read back. */
  private local = new Map<string, number>();
  private months = new Map<string, MonthUsage>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly usage: TokenUsageRepository,
    private readonly flushMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  add(companyId: string, tokens: number, at: Date): void {
    if (tokens <= 0) return;
    const day = usageDay(at);
    const key = `${companyId}/${day}`;
    const row = this.pending.get(key);
    if (row) row.tokens += tokens;
    else this.pending.set(key, { company_id: companyId, day, tokens });
    const monthKey = `${companyId}/${day.slice(0, 7)}`;
    this.local.set(monthKey, (this.local.get(monthKey) ?? 0) + tokens);
  }

  /** Writes what was counted since the last flush; a failed write keeps the counts for the next one. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.usage.add(batch);
      } catch (error) {
        for (const row of batch) {
          const key = `${row.company_id}/${row.day}`;
          const now = this.pending.get(key);
          if (now) now.tokens += row.tokens;
          else this.pending.set(key, row);
        }
        this.onError(error);
      }
    });
    return this.flushing;
  }

  /**
   * The company's tokens this month across all nodes: the database's total, read again at most
   * every `flushMs` (after this node's counts are written), plus what this node counted since.
   */
  async usedThisMonth(companyId: string, at: Date): Promise<number> {
    const { month, firstDay, nextFirstDay } = usageMonth(at);
    const monthKey = `${companyId}/${month}`;
    let known = this.months.get(monthKey);
    if (!known || at.getTime() - known.readAt >= this.flushMs) {
      // Taken before the flush: counts made meanwhile may then be both read and added (never neither).
      const localAtRead = this.local.get(monthKey) ?? 0;
      await this.flush();
      known = { month, stored: await this.usage.total(companyId, firstDay, nextFirstDay), localAtRead, readAt: at.getTime() };
      this.months.set(monthKey, known);
    }
    return known.stored + (this.local.get(monthKey) ?? 0) - known.localAtRead;
  }
}
