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

export type CodecErrorKind = 'timeout' | 'memory' | 'exception' | 'invalid-result' | 'missing-function';

export type CodecResult = { ok: true; data: unknown; warnings: string[]; errors: string[] } | { ok: false; error: { kind: CodecErrorKind; message: string } };

/** Messages between the pool and worker.mjs. */
export interface CodecRequest {
  id: number;
  script: string;
  input: { bytes: number[]; fPort: number; recvTime: number; variables: Record<string, string> };
  limits: { timeMs: number; memoryBytes: number; stackBytes: number };
}

export type CodecWorkerMessage = CodecReply | { ready: true };

export interface CodecReply {
  id: number;
  result: CodecResult;
  /** The worker could not clean up after this call and must be replaced. */
  restart: boolean;
}
