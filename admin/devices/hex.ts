import { DEFAULT_JOIN_EUI, EUI_BYTES, hexInputPattern, KEY_BYTES, normaliseEui, normaliseKey } from '../types/api';

/**
 * DevEUI, JoinEUI and AppKey as people paste them (any case, `0x` prefix, `-`, `:` or spaces between byte
 * pairs): the server's own rule (domain/eui.ts), so the form accepts exactly what the API does.
 */
const DEV_EUI = new RegExp(hexInputPattern(EUI_BYTES));
const APP_KEY = new RegExp(hexInputPattern(KEY_BYTES));

/** The upper-case hex the API stores; text that is not a whole DevEUI or AppKey is sent as typed, for the API to refuse. */
export const normaliseDevEui = (value: string): string => normaliseEui(value) ?? value.trim();
export const normaliseAppKey = (value: string): string => normaliseKey(value) ?? value.trim();
/** A JoinEUI left empty is the zeros of "none", as the API stores a device without one. */
export const normaliseJoinEui = (value: string | null): string => (value?.trim() ? normaliseDevEui(value) : DEFAULT_JOIN_EUI);

/** react-admin validators: undefined when valid, else the catalogue key of the message. */
export const validateDevEui = (value: unknown): string | undefined =>
  typeof value === 'string' && DEV_EUI.test(value.trim()) ? undefined : 'app.devices.dev_eui_invalid';
/** The JoinEUI is optional: empty is fine, anything else must be a whole EUI. */
export const validateJoinEui = (value: unknown): string | undefined =>
  value === null || value === undefined || (typeof value === 'string' && (value.trim() === '' || DEV_EUI.test(value.trim())))
    ? undefined
    : 'app.devices.join_eui_invalid';
export const validateAppKey = (value: unknown): string | undefined =>
  typeof value === 'string' && APP_KEY.test(value.trim()) ? undefined : 'app.devices.app_key_invalid';
