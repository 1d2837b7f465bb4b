import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Emotion's cache for MUI's styles, with the nonce the server put into index.html (Vite's
 * csp-nonce meta tag): the Content-Security-Policy admits only <style> elements that carry it.
 * Browsers hide a nonce attribute's value from getAttribute, so it is read from the property.
 */
export function createStyleCache(): EmotionCache {
  const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}
