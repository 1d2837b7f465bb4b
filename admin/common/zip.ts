/**
 * A zip archive of a few small text files, stored without compression: several downloads from one
 * click are blocked by browsers, one archive is not. PEM files are a few kilobytes, so compression
 * would buy nothing and a library would cost more than these lines. Format: PKWARE APPNOTE 6.3,
 * UTF-8 names (flag bit 11), DOS date of the moment of packing.
 */
export interface ZipEntry {
  name: string;
  text: string;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function dosDateTime(date: Date): { time: number; day: number } {
  const time = (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2);
  const day = ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate();
  return { time, day };
}

/** Little-endian header fields: [value, width in bytes]. */
function header(fields: [number, 2 | 4][]): Uint8Array {
  const bytes = new Uint8Array(fields.reduce((sum, [, width]) => sum + width, 0));
  const view = new DataView(bytes.buffer);
  let offset = 0;
  for (const [value, width] of fields) {
    if (width === 2) view.setUint16(offset, value, true);
    else view.setUint32(offset, value, true);
    offset += width;
  }
  return bytes;
}

export function zipFiles(entries: ZipEntry[], now = new Date()): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const { time, day } = dosDateTime(now);
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const data = encoder.encode(entry.text);
    const crc = crc32(data);
    // version 2.0, UTF-8 names, stored, time, date, crc, sizes, name length, no extra field
    const common: [number, 2 | 4][] = [
      [0x0800, 2],
      [0, 2],
      [time, 2],
      [day, 2],
      [crc, 4],
      [data.length, 4],
      [data.length, 4],
      [name.length, 2],
      [0, 2],
    ];
    const local = header([[0x04034b50, 4], [20, 2], ...common]);
    parts.push(local, name, data);
    central.push(header([[0x02014b50, 4], [20, 2], [20, 2], ...common, [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]), name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = central.reduce((sum, part) => sum + part.length, 0);
  const end = header([
    [0x06054b50, 4],
    [0, 2],
    [0, 2],
    [entries.length, 2],
    [entries.length, 2],
    [centralSize, 4],
    [offset, 4],
    [0, 2],
  ]);
  const all = [...parts, ...central, end];
  const result = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of all) {
    result.set(part, at);
    at += part.length;
  }
  return result;
}
