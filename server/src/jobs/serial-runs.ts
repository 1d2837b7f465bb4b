/**
 * One run at a time of a background worker's pass over its queue (mail, alert mails, network sync,
 * bulk jobs): a call while a pass runs joins it, and that pass is followed by one more. The pass
 * under way may have read the queue before what the caller queued was committed; without the
 * second pass that work waited for the next tick, and a caller awaiting the run found it not done
 * (the webhook dispatcher lost such a call under load, #20; it keeps its own loop of slots).
 * `every` adds the worker's tick, `stop` ends it and waits for the run under way.
 */
export class SerialRuns {
  private running: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** A call came since the current pass began. */
  private again = false;

  /** `pass` answers how much work it did. */
  constructor(private readonly pass: () => Promise<number>) {}

  /** Runs passes until one began after the latest call; answers the work they did. */
  run(): Promise<number> {
    this.again = true;
    this.running ??= this.passes().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Waits for the run under way, its failure included (closing the app). */
  async settled(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** Runs every `intervalMs` (and at once when `now`), a failure going to `onError`; the timer keeps no process alive. */
  every(intervalMs: number, onError: (error: unknown) => void, { now = false } = {}): void {
    const tick = () => void this.run().catch(onError);
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
    if (now) tick();
  }

  /** Between `every` and `stop`. */
  get ticking(): boolean {
    return this.timer !== undefined;
  }

  /** Ends the ticks and waits for the run under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.settled();
  }

  private async passes(): Promise<number> {
    let done = 0;
    while (this.again) {
      this.again = false;
      done += await this.pass();
    }
    return done;
  }
}
