import { describe, expect, it } from 'vitest';
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
});
