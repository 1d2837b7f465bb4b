/**
 * One spelling of a certificate serial number: upper-case hex without leading zeros. The issuer
 * writes serials in lower case, Node reports a peer's in upper case with whole bytes; both meet here.
 */
export function normaliseSerial(hex: string): string {
  return hex.toUpperCase().replace(/^0+(?=.)/, '');
}
