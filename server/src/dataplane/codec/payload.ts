/**
 * Bytes typed by a person for a codec test run: hex (any case, optional 0x, spaces, colons or
 * dashes) or base64. With an explicit encoding only that one is tried.
 */
export function parsePayload(text: string, encoding?: 'hex' | 'base64'): number[] | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const hex = trimmed.replace(/^0x/i, '').replace(/[\s:-]/g, '');
  const isHex = hex.length % 2 === 0 && /^[0-9a-f]*$/i.test(hex);
  if (encoding !== 'base64' && isHex) return [...Buffer.from(hex, 'hex')];
  if (encoding === 'hex') return undefined;
  const compact = trimmed.replace(/\s/g, '');
  // Padded base64 only: short unpadded text is far more likely a hex typo than base64.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) return undefined;
  return [...Buffer.from(compact, 'base64')];
}
