import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../../server/src/dataplane/codec/fair-queue.js';
import { CODEC_QUEUE_PER_COMPANY, CODEC_QUEUE_TOTAL } from '../../../server/src/dataplane/codec/index.js';

interface Call {
  caller: { company: string; interactive: boolean };
  n: number;
}
const call = (company: string, n: number, interactive = true): Call => ({ caller: { company, interactive }, n });
const anyone = () => true;

describe('codec fair queue', () => {
  it('hands out the company with the fewest calls running first, ties to the one served longest ago', () => {
    const queue = new FairQueue<Call>();
    for (let n = 0; n < 3; n++) queue.admit(call('a', n));
    queue.admit(call('b', 10));
    queue.admit(call('c', 20));
    expect(queue.next(anyone)?.n).toBe(0); // a: all equal, a arrived first
    expect(queue.next(anyone)?.n).toBe(10); // b runs nothing, a one
    expect(queue.next(anyone)?.n).toBe(20);
    queue.finished('b');
    queue.admit(call('b', 11));
    expect(queue.next(anyone)?.n).toBe(11); // b runs nothing again
    queue.finished('a');
    queue.finished('c');
    // Only a still waits.
    expect(queue.next(anyone)?.n).toBe(1);
  });

  it('skips companies the pool has no worker for', () => {
    const queue = new FairQueue<Call>();
    queue.admit(call('a', 0));
    queue.admit(call('b', 1));
    expect(queue.next((first) => first.caller.company !== 'a')?.n).toBe(1);
    expect(queue.next((first) => first.caller.company !== 'a')).toBeUndefined();
    expect(queue.size).toBe(1);
  });

  it("refuses interactive calls past a company's share and past the total, never uplink decodes", () => {
    const queue = new FairQueue<Call>();
    for (let n = 0; n < CODEC_QUEUE_PER_COMPANY; n++) expect(queue.admit(call('a', n))).toBeUndefined();
    expect(queue.admit(call('a', 99))).toBe('company');
    expect(queue.admit(call('a', 100, false))).toBeUndefined();
    for (let n = queue.size; n < CODEC_QUEUE_TOTAL; n++) queue.admit(call(`c${n}`, n));
    expect(queue.admit(call('z', 0))).toBe('all');
    expect(queue.admit(call('z', 1, false))).toBeUndefined();
    // A call handed out frees its place in the share.
    queue.next((first) => first.caller.company === 'a');
    expect(queue.admit(call('a', 101))).not.toBe('company');
  });

  it('knows when a company is alone, with nothing of another waiting or running', () => {
    const queue = new FairQueue<Call>();
    queue.admit(call('a', 0, false));
    expect(queue.alone('a')).toBe(true);
    queue.admit(call('b', 1, false));
    expect(queue.alone('a')).toBe(false);
    queue.next((first) => first.caller.company === 'b');
    expect(queue.alone('a')).toBe(false); // b's call runs
    queue.finished('b');
    expect(queue.alone('a')).toBe(true);
  });

  it('puts calls back at the front of their line', () => {
    const queue = new FairQueue<Call>();
    queue.admit(call('a', 0));
    queue.admit(call('a', 1));
    const first = queue.next(anyone) as Call;
    queue.requeue([first]);
    expect(queue.next(anyone)?.n).toBe(0);
  });
});
