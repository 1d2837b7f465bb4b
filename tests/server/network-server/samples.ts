/** Identifiers and keys the network-server tests share (the ChirpStack double keeps them lower-case). */
export const DEV_EUI = '70B3D57ED0001234';
export const JOIN_EUI = '70B3D57ED0000000';
export const APP_KEY = '2B7E151628AED2A6ABF7158809CF4F3C';
export const GATEWAY_ID = '0016C001F153A14C';

/** `count` distinct DevEUIs in one vendor range, for bulk tests. */
export const devEuis = (count: number): string[] => Array.from({ length: count }, (_, i) => `70B3D57E${i.toString(16).toUpperCase().padStart(8, '0')}`);
