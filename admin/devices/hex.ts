import { EUI_BYTES, hexInputPattern, KEY_BYTES, normaliseEui, normaliseKey } from '../types/api';

/**
 * DevEUI and AppKey as people paste them (any case, `0x` prefix, `-`, `:` or spaces between byte
 * pairs): the server's own rule (domain/eui.ts), so the form accepts exactly what the API does.
 */
const DEV_EUI = new RegExp(hexInputPattern(EUI_BYTES));
const APP_KEY = new RegExp(hexInputPattern(KEY_BYTES));

/** The upper-case hex the API stores; text that is not a whole DevEUI or AppKey is sent as typed, for the API to refuse. */
export const normaliseDevEui = (value: string): string => normaliseEui(value) ?? value.trim();
export const normaliseAppKey = (value: string): string => normaliseKey(value) ?? value.trim();

/** react-admin validators: undefined when valid, else the catalogue key of the message. */
export const validateDevEui = (value: unknown): string | undefined =>
  typeof value === 'string' && DEV_EUI.test(value.trim()) ? undefined : 'app.devices.dev_eui_invalid';
export const validateAppKey = (value: unknown): string | undefined =>
  typeof value === 'string' && APP_KEY.test(value.trim()) ? undefined : 'app.devices.app_key_invalid';
