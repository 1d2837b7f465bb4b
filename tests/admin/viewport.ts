import { vi } from 'vitest';

export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;

/**
 * Whether every width condition of a media query (as MUI's breakpoints write them) holds at
 * `width`; a query without one (colour scheme, reduced motion) does not match.
 */
function matchesWidth(query: string, width: number): boolean {
  const conditions = [...query.matchAll(/\((min|max)-width:\s*(-?[\d.]+)px\)/g)];
  return conditions.length > 0 && conditions.every(([, bound, pixels]) => (bound === 'min' ? width >= Number(pixels) : width <= Number(pixels)));
}

/**
 * jsdom has no window.matchMedia, so MUI's useMediaQuery always answers its default (a wide
 * screen). This answers width queries as a screen `width` pixels wide would; vi.unstubAllGlobals()
 * undoes it.
 */
export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matchesWidth(query, width),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
