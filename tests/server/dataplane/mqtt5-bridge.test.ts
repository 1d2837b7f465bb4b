import { describe, expect, it } from 'vitest';
import { generate } from 'mqtt-packet';
import { connectProtocolLevel, withoutShareGroup } from '../../../server/src/dataplane/broker/mqtt5-bridge.js';

// The first bytes of a connection decide whether it goes to the broker as it is (MQTT 3.1.1) or
// through the MQTT 5 bridge; they may arrive a few at a time.
describe('the protocol level of a CONNECT', () => {
  const connect = (protocolVersion: 3 | 4 | 5) =>
    generate(
      { cmd: 'connect', protocolId: protocolVersion === 3 ? 'MQIsdp' : 'MQTT', protocolVersion, clientId: 'a'.repeat(300), clean: true, keepalive: 60 },
      { protocolVersion },
    );

  it.each([3, 4, 5] as const)('reads level %s, however the bytes are cut', (version) => {
    const bytes = connect(version);
    const levels = Array.from({ length: 16 }, (_unused, cut) => connectProtocolLevel(bytes.subarray(0, cut)));
    const firstKnown = levels.findIndex((level) => level !== 'more');
    expect(levels.slice(0, firstKnown).every((level) => level === 'more')).toBe(true);
    expect(levels.slice(firstKnown)).toEqual(Array(16 - firstKnown).fill(version));
  });

  it('tells bytes that are no CONNECT', () => {
    expect(connectProtocolLevel(Buffer.from([0x30, 0x02, 0x00, 0x00]))).toBeUndefined();
    expect(connectProtocolLevel(Buffer.from('GET / HTTP/1.1\r\n'))).toBeUndefined();
    // A remaining length of more than four bytes is malformed.
    expect(connectProtocolLevel(Buffer.from([0x10, 0xff, 0xff, 0xff, 0xff, 0x7f, 0x00]))).toBeUndefined();
  });
});

describe('shared subscriptions', () => {
  it('subscribe to their filter without the group', () => {
    expect(withoutShareGroup('$share/chirpstack/eu868/gateway/+/event/+')).toBe('eu868/gateway/+/event/+');
    expect(withoutShareGroup('eu868/gateway/+/event/+')).toBe('eu868/gateway/+/event/+');
  });
});
