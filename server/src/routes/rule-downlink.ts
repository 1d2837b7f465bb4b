import type { CodecPool } from '../dataplane/codec/index.js';
import { downlinkPayload } from './downlink-payload.js';
import type { RuleDownlinkEncoder } from '../dataplane/rules/engine.js';

/**
 * A rule's downlink as the device page would send it: hex or base64 as typed, JSON through the
 * device profile's encodeDownlink in the sandbox. A payload the codec refuses sends nothing (the
 * firing is still recorded); the rule form tests the payload when it is saved.
 */
export function ruleDownlinkEncoder(codecs: CodecPool): RuleDownlinkEncoder {
  return async (companyId, codec, action) => {
    try {
      const { f_port, confirmed, payload, encoding } = action;
      const { bytes, fPort } = await downlinkPayload(codecs, companyId, codec, {
        payload,
        encoding,
        ...(f_port === undefined ? {} : { f_port }),
        ...(confirmed === undefined ? {} : { confirmed }),
      });
      return { fPort, confirmed: confirmed ?? false, dataHex: Buffer.from(bytes).toString('hex').toUpperCase() };
    } catch {
      return null;
    }
  };
}
