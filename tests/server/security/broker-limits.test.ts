import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PACKET_BYTES, PacketSizeGuard } from '../../../server/src/dataplane/broker/packet-size.js';
import { GATEWAY_PUBLISH_RATE, PublishRate } from '../../../server/src/dataplane/broker/publish-rate.js';
import { until } from '../helpers/mqtt-broker.js';
import { answers, brokerHarness, dropped, type BrokerHarness } from './broker-harness.js';

/** Issue #16: a 64 MiB publish was accepted, and nothing limited how fast a gateway publishes. */
describe('broker: packet size and publish rate', () => {
  let h: BrokerHarness;
  beforeAll(async () => {
    h = await brokerHarness();
  });
  afterAll(async () => h.close());

  it('drops a client announcing a packet over 256 KiB before its body arrives, and passes one just below', async () => {
    const ref = await h.register(h.alice, h.company, 'B827EBFFFE00D001');
    const cert = await h.issue(h.alice, ref);
    const topic = 'eu868/gateway/b827ebfffe00d001/event/up';
    const fits = await h.connect(cert, 'b827ebfffe00d001');
    await fits.publishAsync(topic, Buffer.alloc(MAX_PACKET_BYTES - 1024), { qos: 1 });
    expect(await until(() => h.delivered.get('B827EBFFFE00D001')?.length === 1)).toBe(true);

    fits.publish(topic, Buffer.alloc(MAX_PACKET_BYTES + 1), { qos: 1 });
    expect(await dropped(fits)).toBe(true);
    expect(h.delivered.get('B827EBFFFE00D001')).toEqual([topic]);
    expect(h.warnings.some((w) => w.includes(`a packet larger than ${MAX_PACKET_BYTES} bytes`))).toBe(true);
  });

  it('drops a gateway publishing faster than the limit, and hands on no more than the burst', async () => {
    const ref = await h.register(h.alice, h.company, 'B827EBFFFE00D002');
    const client = await h.connect(await h.issue(h.alice, ref), 'b827ebfffe00d002');
    const topic = 'eu868/gateway/b827ebfffe00d002/event/up';
    for (let i = 0; i < GATEWAY_PUBLISH_RATE.burst * 5; i++) client.publish(topic, `{"n":${i}}`);
    expect(await dropped(client)).toBe(true);
    const handedOn = h.delivered.get('B827EBFFFE00D002')?.length ?? 0;
    expect(handedOn).toBeGreaterThanOrEqual(GATEWAY_PUBLISH_RATE.burst);
    // The refill while the flood arrives adds a little on top of the burst, never the flood.
    expect(handedOn).toBeLessThan(GATEWAY_PUBLISH_RATE.burst * 2);
    expect(h.warnings.some((w) => w.includes('B827EBFFFE00D002 disconnected: more than'))).toBe(true);

    // Reconnecting later is allowed: the limit is per connection.
    const again = await h.connect(await h.issue(h.alice, ref), 'b827ebfffe00d002');
    expect(await answers(again, 'eu868/gateway/b827ebfffe00d002/event/stats')).toBe(true);
  });
});

describe('PacketSizeGuard', () => {
  const publishHeader = (length: number) => {
    const bytes = [0x30];
    let rest = length;
    do {
      let byte = rest % 128;
      rest = Math.floor(rest / 128);
      if (rest > 0) byte |= 0x80;
      bytes.push(byte);
    } while (rest > 0);
    return Buffer.from(bytes);
  };

  it('follows packets across chunks and stops at the first one too large', () => {
    const guard = new PacketSizeGuard(100);
    const small = Buffer.concat([publishHeader(50), Buffer.alloc(50)]);
    const ping = Buffer.from([0xc0, 0x00]);
    const stream = Buffer.concat([small, ping, small]);
    for (let at = 0; at < stream.length; at += 7) expect(guard.accept(stream.subarray(at, at + 7))).toBe(true);
    // 2 header bytes + 99 = 101 bytes: refused from its header alone, split across chunks.
    const large = publishHeader(99);
    expect(guard.accept(large.subarray(0, 2))).toBe(false);
  });

  it('refuses a remaining length of more than four bytes', () => {
    expect(new PacketSizeGuard(MAX_PACKET_BYTES).accept(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]))).toBe(false);
  });
});

describe('PublishRate', () => {
  it('allows the burst at once, then the rate', () => {
    let now = 0;
    const rate = new PublishRate({ perSecond: 10, burst: 3 }, () => now);
    expect([rate.take(), rate.take(), rate.take(), rate.take()]).toEqual([true, true, true, false]);
    now += 100;
    expect([rate.take(), rate.take()]).toEqual([true, false]);
    now += 10_000;
    expect([rate.take(), rate.take(), rate.take(), rate.take()]).toEqual([true, true, true, false]);
  });
});
