/**
 * Counts failed sign-ins per key (address + email) in a sliding window. In memory on purpose:
 * it protects one server process; the KDF cost protects the rest.
 */
export class FailureLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  private recent(key: string): number[] {
    const since = this.now().getTime() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  retryAfterSeconds(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return 0;
    const oldest = recent[0] ?? this.now().getTime();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now().getTime()) / 1000));
  }

  fail(key: string): void {
    this.failures.set(key, [...this.recent(key), this.now().getTime()]);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
