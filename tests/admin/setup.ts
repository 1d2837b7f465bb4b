import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup: unmount here.
afterEach(() => cleanup());

// react-admin shows a loading list's skeleton rows only after one second, which is exactly how
// long findBy/waitFor wait by default: on a busy machine the loading tests were a race.
configure({ asyncUtilTimeout: 3000 });

// jsdom lays nothing out: every element measures 0 × 0, and a virtual list of that height mounts no
// rows at all. Listboxes get the height they have in a browser (at most 8 rows of 40 px) so virtual
// lists render what a user would see; everything else keeps jsdom's zero size.
const LISTBOX_HEIGHT = 320;
const clientHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
Object.defineProperty(Element.prototype, 'clientHeight', {
  configurable: true,
  get(this: Element) {
    return this.getAttribute('role') === 'listbox' ? LISTBOX_HEIGHT : (clientHeight?.get?.call(this) as number);
  },
});
