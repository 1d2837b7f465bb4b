import type { CodecTimeLimits } from '../../../server/src/dataplane/codec/types.js';

/**
 * The codec sandbox's time limits in tests whose subject is not the limit: on a machine whose cores
 * other work keeps busy, a codec that takes a millisecond alone can miss the product's 100 ms (its
 * workers run at a lower priority than everything else). The tests of the time limits themselves
 * (tests/server/security/codec-fairness.test.ts) keep the product's; an endless codec still times
 * out here, only later.
 */
export const TEST_CODEC_TIME_LIMITS: CodecTimeLimits = { timeMs: 2_000, hardLimitMs: 10_000 };
