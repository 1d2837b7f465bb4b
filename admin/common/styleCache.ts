import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The nonce the server put into index.html (Vite's csp-nonce meta tag): the Content-Security-Policy
 * admits only <style> elements that carry it. Browsers hide a nonce attribute's value from
 * getAttribute, so it is read from the property.
 */
export function cspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}

/**
 * Emotion's cache for MUI's styles, writing its <style> elements with the nonce. The dashboard
 * grid's dragging (react-draggable) adds a <style> element too, with the nonce it finds under
 * webpack's global name; it is set here, before any of that code runs.
 */
export function createStyleCache(): EmotionCache {
  const nonce = cspNonce();
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}
