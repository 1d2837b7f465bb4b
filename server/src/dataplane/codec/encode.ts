import { DOWNLINK_FPORT_MAX, DOWNLINK_FPORT_MIN, DOWNLINK_MAX_BYTES, isDownlinkFPort } from '../../domain/downlink.js';
import type { CodecResult, EncodeResult } from './types.js';

const invalidResult = (message: string): EncodeResult => ({ ok: false, error: { kind: 'invalid-result', message }, errors: [] });

const isByte = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 255;

/** The field of the worker's `{ bytes, fPort }` answer (always that shape; read defensively all the same). */
const field = (data: unknown, name: 'bytes' | 'fPort'): unknown => (typeof data === 'object' && data !== null && name in data ? Reflect.get(data, name) : null);

/**
 * Turns the sandbox's answer to `encodeDownlink` into a downlink or a failure: TS013 says that
 * `errors` means the encoding failed, and the bytes and port must be ones a downlink can carry
 * (the codec's own checks are not trusted to be complete).
 */
export function checkEncoded(result: CodecResult): EncodeResult {
  if (!result.ok) return { ok: false, error: result.error, errors: [] };
  if (result.errors.length > 0) return { ok: false, error: { kind: 'reported', message: result.errors.join('; ') }, errors: result.errors };
  const bytes = field(result.data, 'bytes');
  const fPort = field(result.data, 'fPort');
  if (!Array.isArray(bytes) || !bytes.every(isByte)) return invalidResult('encodeDownlink must return bytes as an array of integers from 0 to 255.');
  if (bytes.length > DOWNLINK_MAX_BYTES) return invalidResult(`The encoded downlink has ${bytes.length} bytes; at most ${DOWNLINK_MAX_BYTES} fit.`);
  if (fPort !== null && !isDownlinkFPort(fPort)) {
    return invalidResult(`encodeDownlink returned fPort ${JSON.stringify(fPort)}; it must be an integer from ${DOWNLINK_FPORT_MIN} to ${DOWNLINK_FPORT_MAX}.`);
  }
  return { ok: true, bytes, fPort, warnings: result.warnings };
}
