import { productName } from '../../locales/product';

/** The console's product name (locales/product.ts), configurable with VITE_PRODUCT_NAME. */
export const PRODUCT_NAME = productName(import.meta.env.VITE_PRODUCT_NAME);
