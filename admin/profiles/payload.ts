/** A test payload as the user types it: hex (any case, spaces, 0x) or base64. Mirrors the API's parser. */
export type PayloadEncoding = 'hex' | 'base64';

const HEX = /^(0x)?([0-9a-f]{2}[\s:-]?)*$/i;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function isValidPayload(text: string, encoding: PayloadEncoding): boolean {
  const trimmed = text.trim();
  if (!trimmed) return false;
  if (encoding === 'base64') return BASE64.test(trimmed) && trimmed.length % 4 === 0;
  return HEX.test(trimmed) && trimmed.replace(/^0x/i, '').replace(/[\s:-]/g, '').length % 2 === 0;
}
