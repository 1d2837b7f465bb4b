import { productName } from '../../locales/product';

/** The console's product name (locales/product.ts), configurable with VITE_PRODUCT_NAME. */
export const PRODUCT_NAME = productName(import.meta.env.VITE_PRODUCT_NAME);

/** A browser tab's title: the page in the user's language, then the product ("Devices · LoRaNet Cloud"). */
export const documentTitle = (page: string | null): string => (page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME);
