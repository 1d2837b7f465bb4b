/** Limits of one codec call (DESIGN §6). */
export const CODEC_TIME_LIMIT_MS = 100;
export const CODEC_MEMORY_LIMIT_BYTES = 16 * 1024 * 1024;
export const CODEC_STACK_LIMIT_BYTES = 256 * 1024;
/**
 * QuickJS checks its deadline only between JavaScript operations; one native call (a huge
 * Array.fill, say) can overrun it. Past this hard limit the pool kills the worker.
 */
export const CODEC_HARD_LIMIT_MS = 500;

export interface UplinkInput {
  bytes: number[];
  fPort: number;
  recvTime: Date;
  variables: Record<string, string>;
}

/** A downlink's data for TS013 `encodeDownlink({ data, variables })`. */
export interface DownlinkInput {
  data: unknown;
  variables: Record<string, string>;
  /** The port asked for, if any: only the older `Encode(fPort, obj, variables)` form takes it. */
  fPort: number | null;
}

/** `reported`: the codec itself answered with `errors` (TS013: the encoding failed). */
export type CodecErrorKind = 'timeout' | 'memory' | 'exception' | 'invalid-result' | 'missing-function' | 'reported';

export interface CodecError {
  kind: CodecErrorKind;
  message: string;
}

export type CodecResult = { ok: true; data: unknown; warnings: string[]; errors: string[] } | { ok: false; error: CodecError };

/** A downlink encoded: the bytes and the codec's port (null when it names none), or why not with the codec's own errors. */
export type EncodeResult = { ok: true; bytes: number[]; fPort: number | null; warnings: string[] } | { ok: false; error: CodecError; errors: string[] };

/** Which entry point a call runs, with its input as it crosses to the worker. */
export type CodecCall =
  | { entry: 'decode'; input: { bytes: number[]; fPort: number; recvTime: number; variables: Record<string, string> } }
  // Answered as a CodecResult whose `data` is the codec's `{ bytes, fPort }`, which the pool checks.
  | { entry: 'encode'; input: DownlinkInput };

/** Messages between the pool and worker.mjs. */
export type CodecRequest = CodecCall & {
  id: number;
  script: string;
  limits: { timeMs: number; memoryBytes: number; stackBytes: number };
};

export type CodecWorkerMessage = CodecReply | { ready: true };

export interface CodecReply {
  id: number;
  result: CodecResult;
  /** The worker could not clean up after this call and must be replaced. */
  restart: boolean;
}
