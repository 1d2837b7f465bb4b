export * from './types.js';
export { parsePayload } from './payload.js';
export { CodecPool } from './pool.js';
