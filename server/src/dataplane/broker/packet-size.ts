/**
 * The largest MQTT packet a client may send the embedded broker, fixed header included. A
 * gateway's biggest messages are uplink events and stats of a few KiB; aedes itself buffers a
 * packet whole, however large it announces itself, before anything can look at it.
 */
export const MAX_PACKET_BYTES = 256 * 1024;

/** A remaining length takes at most four bytes (MQTT 3.1.1, 2.2.3). */
const MAX_LENGTH_BYTES = 4;

/**
 * Follows packet boundaries in the bytes a client sends and tells, from a packet's fixed header
 * alone, when it announces more than `maxBytes`: the connection can end before the body arrives.
 */
export class PacketSizeGuard {
  /** Body bytes of the current packet still to come. */
  private bodyLeft = 0;
  /** Fixed-header bytes of the next packet read so far (its type byte, then its length bytes). */
  private header: number[] = [];

  constructor(private readonly maxBytes: number) {}

  /** Feeds the next bytes; false once a packet is too large or its length is malformed. */
  accept(chunk: Buffer): boolean {
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft > 0) {
        const passing = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= passing;
        at += passing;
        continue;
      }
      const byte = chunk[at++] as number;
      this.header.push(byte);
      // The first byte is the packet type; length bytes follow while their top bit is set.
      if (this.header.length === 1) continue;
      if (byte & 0x80) {
        if (this.header.length - 1 === MAX_LENGTH_BYTES) return false;
        continue;
      }
      const length = this.header.slice(1).reduce((sum, lengthByte, index) => sum + (lengthByte & 0x7f) * 128 ** index, 0);
      const total = this.header.length + length;
      this.header = [];
      if (total > this.maxBytes) return false;
      this.bodyLeft = length;
    }
    return true;
  }
}
