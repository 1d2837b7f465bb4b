/**
 * The product's name: the one place the console, the marketing site and the sign-in page take it
 * from. A white-label operator sets VITE_PRODUCT_NAME (console) and GATSBY_PRODUCT_NAME (marketing
 * site) at build time; a tenant's own name and logo brand the console bar on top of it.
 */
export const DEFAULT_PRODUCT_NAME = 'LoRaNet Cloud';

export function productName(configured: string | undefined): string {
  return configured?.trim() || DEFAULT_PRODUCT_NAME;
}
