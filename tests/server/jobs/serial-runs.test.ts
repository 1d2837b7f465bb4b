import { describe, expect, it, vi } from 'vitest';
import { SerialRuns } from '../../../server/src/jobs/serial-runs.js';

/** A queue whose pass reads what is queued, then waits at a gate the test opens, then takes what it read. */
function gatedQueue() {
  const queued: string[] = [];
  const taken: string[] = [];
  let passes = 0;
  let gate: Promise<void> | undefined;
  let open = (): void => undefined;
  let reached = (): void => undefined;
  const runs = new SerialRuns(async () => {
    passes++;
    const read = queued.splice(0);
    if (gate) {
      reached();
      await gate;
    }
    taken.push(...read);
    return read.length;
  });
  return {
    runs,
    queued,
    taken,
    passes: () => passes,
    /** The next pass stops after reading the queue; answers when it is there, and the key that lets it on. */
    holdNextPass(): { there: Promise<void>; release: () => void } {
      const there = new Promise<void>((resolve) => (reached = resolve));
      gate = new Promise<void>((resolve) => (open = resolve));
      return {
        there,
        release: () => {
          gate = undefined;
          open();
        },
      };
    },
  };
}

describe('serial runs of a worker', () => {
  it('a call made after a pass read the queue gets a pass that sees what it queued', async () => {
    const queue = gatedQueue();
    const { there, release } = queue.holdNextPass();
    const first = queue.runs.run();
    await there;
    // Queued and announced while the pass holds what it read before.
    queue.queued.push('late');
    const second = queue.runs.run();
    release();
    expect(await second).toBe(1);
    expect(await first).toBe(1);
    expect(queue.taken).toEqual(['late']);
    expect(queue.passes()).toBe(2);
  });

  it('calls during one pass share the single pass after it', async () => {
    const queue = gatedQueue();
    queue.queued.push('a');
    const { there, release } = queue.holdNextPass();
    const calls = [queue.runs.run()];
    await there;
    queue.queued.push('b', 'c');
    calls.push(queue.runs.run(), queue.runs.run());
    release();
    expect(await Promise.all(calls)).toEqual([3, 3, 3]);
    expect(queue.taken).toEqual(['a', 'b', 'c']);
    expect(queue.passes()).toBe(2);
  });

  it('a failed pass rejects the run, and the next call starts afresh', async () => {
    let fail = true;
    const runs = new SerialRuns(async () => {
      if (fail) throw new Error('database gone');
      return 2;
    });
    await expect(runs.run()).rejects.toThrow('database gone');
    await runs.settled();
    fail = false;
    expect(await runs.run()).toBe(2);
  });

  it('ticks: a pass at once when asked, a pass each interval, none after stop, which waits for the pass under way', async () => {
    vi.useFakeTimers();
    try {
      const queue = gatedQueue();
      const failures: unknown[] = [];
      const { there, release } = queue.holdNextPass();
      queue.runs.every(1_000, (error) => failures.push(error), { now: true });
      expect(queue.runs.ticking).toBe(true);
      await there;
      release();
      await queue.runs.settled();
      expect(queue.passes()).toBe(1);
      await vi.advanceTimersByTimeAsync(3_000);
      expect(queue.passes()).toBe(4);

      const held = queue.holdNextPass();
      await vi.advanceTimersByTimeAsync(1_000);
      await held.there;
      let stopped = false;
      const stopping = queue.runs.stop().then(() => (stopped = true));
      expect(queue.runs.ticking).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped).toBe(false);
      held.release();
      await stopping;
      await vi.advanceTimersByTimeAsync(5_000);
      expect(queue.passes()).toBe(5);
      expect(failures).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a failed tick goes to onError and the next tick runs again', async () => {
    vi.useFakeTimers();
    try {
      let calls = 0;
      const failures: unknown[] = [];
      const runs = new SerialRuns(async () => {
        calls++;
        if (calls === 1) throw new Error('database gone');
        return 0;
      });
      runs.every(1_000, (error) => failures.push(error));
      await vi.advanceTimersByTimeAsync(2_000);
      await runs.stop();
      expect(calls).toBe(2);
      expect(failures).toEqual([new Error('database gone')]);
    } finally {
      vi.useRealTimers();
    }
  });
});
