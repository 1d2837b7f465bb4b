/**
 * Hex identifiers as people paste them (DevEUI, gateway ID, AppKey): any case, an optional 0x
 * prefix, and spaces, dashes or colons between byte pairs; stored as upper-case digits only.
 * One rule for the API's schemas, its handlers and the console's forms.
 */

/** The accepted input of `bytes` bytes, as a regular-expression source (JSON Schema `pattern`). */
export const hexInputPattern = (bytes: number): string => `^(0[xX])?([0-9A-Fa-f]{2}[-: ]?){${bytes - 1}}[0-9A-Fa-f]{2}$`;

export const EUI_BYTES = 8;
export const KEY_BYTES = 16;

/** Upper-case digits only, or undefined when the text is not exactly `digits` hex digits. */
export function normaliseHex(text: string, digits: number): string | undefined {
  const compact = text
    .trim()
    .replace(/^0x/i, '')
    .replace(/[\s:-]/g, '');
  return compact.length === digits && /^[0-9a-f]+$/i.test(compact) ? compact.toUpperCase() : undefined;
}

export const normaliseEui = (text: string): string | undefined => normaliseHex(text, EUI_BYTES * 2);
export const normaliseKey = (text: string): string | undefined => normaliseHex(text, KEY_BYTES * 2);

/** Whether a value is an EUI as stored: 16 upper-case hex digits. */
export const isStoredEui = (value: string): boolean => /^[0-9A-F]{16}$/.test(value);
