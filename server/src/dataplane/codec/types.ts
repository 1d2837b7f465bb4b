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

/** A codec pool's two time limits: the call's own (CODEC_TIME_LIMIT_MS) and the hard one (CODEC_HARD_LIMIT_MS). */
export interface CodecTimeLimits {
  timeMs: number;
  hardLimitMs: number;
}
export const CODEC_TIME_LIMITS: CodecTimeLimits = { timeMs: CODEC_TIME_LIMIT_MS, hardLimitMs: CODEC_HARD_LIMIT_MS };
/**
 * What a codec may write to `console` in one call: at most this many lines and characters in all
 * (a line past the characters left is cut). A codec that logs in a loop must not fill the memory of
 * the worker or the event log; what goes past is dropped and the output marked as truncated.
 */
export const CODEC_CONSOLE_MAX_LINES = 100;
export const CODEC_CONSOLE_MAX_CHARS = 10_000;
/**
 * A codec's answer (its JSON text) may be at most this long: an uplink's values are stored with
 * every uplink, and a codec returning megabytes per call would fill the database. Past it the call
 * is an `output-too-large` error and nothing of the answer is kept.
 */
export const CODEC_OUTPUT_MAX_BYTES = 64 * 1024;
/** Interactive calls (test runs, downlink encodings) that may wait for a worker, per company and in all. */
export const CODEC_QUEUE_PER_COMPANY = 16;
export const CODEC_QUEUE_TOTAL = 256;

/**
 * Who asks for a call: the company whose codec it is, and whether a person waits for the answer
 * (a test run, a downlink) or it is an uplink on the data path (fair-queue.ts).
 */
export interface CodecCaller {
  company: string;
  interactive: boolean;
}

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
export type CodecErrorKind =
  | 'timeout'
  | 'memory'
  | 'exception'
  | 'invalid-result'
  | 'missing-function'
  | 'reported'
  | 'output-too-large'
  // The call never ran: too many calls wait already (only interactive calls are refused).
  | 'queue-full';

export interface CodecError {
  kind: CodecErrorKind;
  message: string;
  /** With `queue-full`: whether the company's share of the queue was full, or the whole queue. */
  queue?: 'company' | 'all';
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
  /** Whose codec: a worker keeps a loaded codec for one company only (cached.mjs). */
  company: string;
  script: string;
  limits: { timeMs: number; memoryBytes: number; stackBytes: number; consoleLines: number; consoleChars: number; outputBytes: number };
};

export type CodecWorkerMessage = CodecReply | { ready: true };

export interface CodecReply {
  id: number;
  result: CodecResult;
  /** The worker could not clean up after this call and must be replaced. */
  restart: boolean;
}
