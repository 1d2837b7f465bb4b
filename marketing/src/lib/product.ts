import { productName } from '../../../locales/product';

/** The site's product name (locales/product.ts), configurable with GATSBY_PRODUCT_NAME at build time. */
export const SITE_NAME = productName(process.env.GATSBY_PRODUCT_NAME);
