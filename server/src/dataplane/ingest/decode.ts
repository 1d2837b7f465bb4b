import { chooseDecoder, DEFAULT_DECODER_PRECEDENCE, type Decoder } from '../../domain/decoders.js';
import type { CodecResult, UplinkInput } from '../codec/types.js';

/** The codec sandbox, as the ingest path needs it (LoRaWAN Payload Codec API, TS013), for the codec's company. */
export type UplinkDecoder = (codec: string, input: UplinkInput, company: string) => Promise<CodecResult>;

/**
 * An uplink's values and who decoded them (null: nobody could, the uplink has no values), or why
 * the profile codec failed on it: a summary and what the error event keeps to debug it.
 */
export type Decoded =
  { ok: true; data: unknown; decodedBy: Decoder | null; warnings: string[] } | { ok: false; summary: string; details: Record<string, unknown> };

export interface UplinkToDecode {
  /** ChirpStack's decoded `object`, when it sent one. */
  object: unknown;
  bytes: number[];
  fPort: number;
  recvTime: Date;
}

/**
 * Decodes an uplink with the decoder the profile prefers (domain/decoders.ts). When the profile
 * codec wins and fails, the uplink is a codec error even if ChirpStack sent an `object`: the profile
 * asked for its codec's values, and a silent fallback would hide the codec's fault.
 *
 * TS013: a codec answering `errors` failed to decode (its data is not used). What it wrote to its
 * console is kept with a failure, where it helps to find out why; a success drops it.
 */
export async function decodeUplink(
  decode: UplinkDecoder,
  profile: { codec: string | null; decoder_precedence: Decoder | null; company_id: string },
  uplink: UplinkToDecode,
): Promise<Decoded> {
  const codec = profile.codec?.trim() ? profile.codec : undefined;
  const decoder = chooseDecoder(profile.decoder_precedence ?? DEFAULT_DECODER_PRECEDENCE, {
    networkServer: uplink.object !== undefined,
    profileCodec: codec !== undefined && uplink.bytes.length > 0,
  });
  if (decoder === 'network_server') return { ok: true, data: uplink.object, decodedBy: decoder, warnings: [] };
  if (decoder === null || codec === undefined) return { ok: true, data: undefined, decodedBy: null, warnings: [] };

  const result = await decode(codec, { bytes: uplink.bytes, fPort: uplink.fPort, recvTime: uplink.recvTime, variables: {} }, profile.company_id);
  if (result.ok && result.errors.length === 0) return { ok: true, data: result.data, decodedBy: decoder, warnings: result.warnings };
  const details = {
    fPort: uplink.fPort,
    bytes: Buffer.from(uplink.bytes).toString('hex'),
    ...(result.ok ? { errors: result.errors, warnings: result.warnings } : { error: result.error }),
    console: result.console.lines,
    ...(result.console.truncated ? { console_truncated: true } : {}),
  };
  const summary = result.ok ? `Codec reported: ${result.errors.join('; ')}` : `Codec ${result.error.kind}: ${result.error.message}`;
  return { ok: false, summary, details };
}
