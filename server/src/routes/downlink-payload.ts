import { parsePayload, type CodecPool } from '../dataplane/codec/index.js';
import { DOWNLINK_MAX_BYTES } from '../domain/downlink.js';
import { codecBusy, codecFailed, invalid } from '../http/errors.js';
import type { DownlinkBody } from '../schemas/downlinks.js';

export interface DownlinkPayload {
  bytes: number[];
  fPort: number;
  warnings: string[];
}

interface Encoded {
  bytes: number[];
  fPort: number | null;
  warnings: string[];
}

/**
 * A downlink's bytes and port from the request: hex or base64 as typed, or JSON encoded by the
 * device profile's codec in the sandbox. A port the request names wins over the codec's.
 */
export async function downlinkPayload(codecs: CodecPool, company: string, codec: string | null, body: DownlinkBody): Promise<DownlinkPayload> {
  const { bytes, fPort, warnings } =
    body.encoding === 'json' ? await encodeJson(codecs, company, codec, body.payload, body.f_port) : typedBytes(body.payload, body.encoding);
  const port = body.f_port ?? fPort;
  if (port === null) throw invalid({ f_port: { code: 'required' } });
  return { bytes, fPort: port, warnings };
}

function typedBytes(payload: string, encoding: 'hex' | 'base64'): Encoded {
  const bytes = parsePayload(payload, encoding);
  if (!bytes) throw invalid({ payload: { code: 'payload_invalid' } });
  if (bytes.length > DOWNLINK_MAX_BYTES) throw invalid({ payload: { code: 'payload_too_long', params: { limit: DOWNLINK_MAX_BYTES } } });
  return { bytes, fPort: null, warnings: [] };
}

async function encodeJson(codecs: CodecPool, company: string, codec: string | null, payload: string, fPort: number | undefined): Promise<Encoded> {
  if (!codec?.trim()) throw invalid({ payload: { code: 'codec_missing' } });
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    throw invalid({ payload: { code: 'json_invalid' } });
  }
  // The platform keeps no device variables (TS013 `variables`), so the codec gets none.
  const result = await codecs.encode(codec, { data, variables: {}, fPort: fPort ?? null }, { company, interactive: true });
  if (!result.ok) throw result.error.kind === 'queue-full' ? codecBusy(result.error.queue) : codecFailed(result.error, result.errors);
  return result;
}
