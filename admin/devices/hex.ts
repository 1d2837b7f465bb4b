/**
 * DevEUI and AppKey as people paste them (any case, `0x` prefix, `-`, `:` or spaces between byte
 * pairs), the same forms the API accepts, normalised to the upper-case hex the API stores.
 */
const hexPattern = (bytes: number) => new RegExp(`^(0[xX])?([0-9A-Fa-f]{2}[-: ]?){${bytes - 1}}[0-9A-Fa-f]{2}$`);
const DEV_EUI = hexPattern(8);
const APP_KEY = hexPattern(16);

export const normaliseHex = (value: string): string => value.trim().replace(/^0x/i, '').replace(/[-: ]/g, '').toUpperCase();

/** react-admin validators: undefined when valid, else the catalogue key of the message. */
export const validateDevEui = (value: unknown): string | undefined =>
  typeof value === 'string' && DEV_EUI.test(value.trim()) ? undefined : 'app.devices.dev_eui_invalid';
export const validateAppKey = (value: unknown): string | undefined =>
  typeof value === 'string' && APP_KEY.test(value.trim()) ? undefined : 'app.devices.app_key_invalid';
