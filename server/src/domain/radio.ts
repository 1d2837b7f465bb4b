import { normaliseEui } from './eui.js';
import type { RxInfo, UplinkEvent } from '../schemas/ingest.js';

/** One gateway's reception of an uplink. */
export interface Reception {
  /** As stored for gateways: 16 upper-case hex digits (ChirpStack writes them lower-case). */
  gatewayId: string;
  rssi: number;
  snr: number;
  channel: number;
}

/** The radio metadata of one uplink, as the frames table keeps it. */
export interface FrameMetadata {
  fCnt: number | null;
  fPort: number | null;
  dr: number | null;
  modulation: 'LORA' | 'FSK' | 'LR_FHSS' | null;
  spreadingFactor: number | null;
  bandwidth: number | null;
  frequency: number | null;
  adr: boolean | null;
  confirmed: boolean | null;
  devAddr: string | null;
  receptions: Reception[];
}

/**
 * ChirpStack's JSON leaves zero values out of gateway messages (rxInfo, txInfo, location: pbjson
 * without emit_fields), so an SNR of exactly 0 dB arrives as no SNR: read as Protobuf would, 0.
 */
function reception(rx: RxInfo): Reception | undefined {
  const gatewayId = rx.gatewayId === undefined ? undefined : normaliseEui(rx.gatewayId);
  if (!gatewayId) return undefined;
  return { gatewayId, rssi: rx.rssi ?? 0, snr: rx.snr ?? 0, channel: rx.channel ?? 0 };
}

/** One reception per gateway (the strongest, should one report it twice, e.g. from two antennas), strongest first. */
function receptions(rxInfo: readonly RxInfo[]): Reception[] {
  const best = new Map<string, Reception>();
  for (const rx of rxInfo) {
    const one = reception(rx);
    if (!one) continue;
    const seen = best.get(one.gatewayId);
    if (!seen || one.rssi > seen.rssi) best.set(one.gatewayId, one);
  }
  return [...best.values()].sort((a, b) => b.rssi - a.rssi);
}

/** What an uplink event tells about its transmission and reception. */
export function frameOf(event: UplinkEvent): FrameMetadata {
  const modulation = event.txInfo?.modulation;
  const lora = modulation?.lora;
  return {
    fCnt: event.fCnt ?? null,
    fPort: event.fPort ?? null,
    dr: event.dr ?? null,
    modulation: lora ? 'LORA' : modulation?.fsk ? 'FSK' : modulation?.lrFhss ? 'LR_FHSS' : null,
    // Zero is no value here: no channel is at 0 Hz.
    spreadingFactor: lora?.spreadingFactor || null,
    bandwidth: lora?.bandwidth || null,
    frequency: event.txInfo?.frequency || null,
    adr: event.adr ?? null,
    confirmed: event.confirmed ?? null,
    devAddr: event.devAddr ? event.devAddr.toUpperCase() : null,
    receptions: receptions(event.rxInfo ?? []),
  };
}
