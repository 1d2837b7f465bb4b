import { CodecPool } from './pool.js';
import type { CodecResult, UplinkInput } from './types.js';

export * from './types.js';
export { parsePayload } from './payload.js';
export { CodecPool } from './pool.js';

let shared: CodecPool | undefined;

/** Runs a codec in the process-wide sandbox pool (created on first use). */
export function runUplinkCodec(script: string, input: UplinkInput): Promise<CodecResult> {
  shared ??= new CodecPool();
  return shared.run(script, input);
}

/** Stops the shared pool's workers (graceful shutdown). */
export async function closeCodecSandbox(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
