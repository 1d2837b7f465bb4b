/**
 * Who turned an uplink's bytes into values: the network server (ChirpStack's device-profile codec,
 * whose result arrives as the event's `object`) or the profile's codec, run here in the sandbox.
 */
export const DECODERS = ['network_server', 'profile_codec'] as const;
export type Decoder = (typeof DECODERS)[number];

/** What every profile had before it could choose: the network server's decoding wins when it sent one. */
export const DEFAULT_DECODER_PRECEDENCE: Decoder = 'network_server';

/**
 * Which decoder an uplink's values come from. The profile's precedence picks when both can decode;
 * otherwise the one that can: ChirpStack when it sent an `object`, the profile codec when the
 * profile has one and the uplink carries bytes. Null when neither can (the uplink has no values).
 */
export function chooseDecoder(precedence: Decoder, can: { networkServer: boolean; profileCodec: boolean }): Decoder | null {
  if (can.networkServer && can.profileCodec) return precedence;
  if (can.networkServer) return 'network_server';
  return can.profileCodec ? 'profile_codec' : null;
}
