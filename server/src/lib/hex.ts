/**
 * Hex identifiers as people paste them (EUIs, keys): any case, an optional 0x prefix, and
 * spaces, dashes or colons between byte pairs. Returns upper-case digits only, or undefined
 * when the text is not exactly `digits` hex digits.
 */
export function normaliseHex(text: string, digits: number): string | undefined {
  const compact = text.trim().replace(/^0x/i, '').replace(/[\s:-]/g, '');
  return compact.length === digits && /^[0-9a-f]+$/i.test(compact) ? compact.toUpperCase() : undefined;
}
