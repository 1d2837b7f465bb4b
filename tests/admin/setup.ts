import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here.
afterEach(() => cleanup());

// Screens are awaited by their states (findBy…, waitFor). On a busy 2-core machine the first
// render of a react-admin screen can take longer than Testing Library's default second; the
// bound only limits how long a state that never comes is waited for.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out: every element measures 0 × 0, and a virtual list of that height mounts no
// rows at all. Listboxes (at most 8 rows of 40 px) and the import's scrolling row group (480 px) get
// the height they have in a browser, so virtual lists render what a user would see; everything
// else keeps jsdom's zero size. (A file that runs outside a browser, as the build's prerender
// does, has no DOM to measure.)
const VIRTUAL_HEIGHTS: Record<string, number> = { listbox: 320, rowgroup: 480 };
if (typeof Element !== 'undefined') {
  const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  Object.defineProperty(Element.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return VIRTUAL_HEIGHTS[this.getAttribute('role') ?? ''] ?? (clientHeight?.get?.call(this) as number);
    },
  });
}
