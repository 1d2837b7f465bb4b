import type { ConsoleLine } from '../../schemas/profiles.js';

/** Limits of one codec call (DESIGN §6). */
export const CODEC_TIME_LIMIT_MS = 100;
export const CODEC_MEMORY_LIMIT_BYTES = 16 * 1024 * 1024;
export const CODEC_STACK_LIMIT_BYTES = 256 * 1024;
/**
 * QuickJS checks its deadline only between JavaScript operations; one native call (a huge
 * Array.fill, say) can overrun it. Past this hard limit the pool kills the worker.
 */
export const CODEC_HARD_LIMIT_MS = 500;
/**
 * What a codec may write to `console` in one call: at most this many lines and characters in all
 * (a line past the characters left is cut). A codec that logs in a loop must not fill the memory of
 * the worker or the event log; what goes past is dropped and the output marked as truncated.
 */
export const CODEC_CONSOLE_MAX_LINES = 100;
export const CODEC_CONSOLE_MAX_CHARS = 10_000;

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

/** The codec's console output of one call; `truncated` when it wrote more than the limits keep. */
export interface CodecConsole {
  lines: ConsoleLine[];
  truncated: boolean;
}

/**
 * A call's answer with the console output written before it ended (none when the pool had to stop
 * the worker: what it captured went with it).
 */
export type CodecResult = ({ ok: true; data: unknown; warnings: string[]; errors: string[] } | { ok: false; error: CodecError }) & { console: CodecConsole };

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
  limits: { timeMs: number; memoryBytes: number; stackBytes: number; consoleLines: number; consoleChars: number };
};

export type CodecWorkerMessage = CodecReply | { ready: true };

export interface CodecReply {
  id: number;
  result: CodecResult;
  /** The worker could not clean up after this call and must be replaced. */
  restart: boolean;
}
