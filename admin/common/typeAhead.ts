import type { KeyboardEvent } from 'react';

/** Spec §9: typed letters add up to one search until the user pauses this long. */
export const TYPE_AHEAD_RESET_MS = 350;

/** Collects typed keys into a prefix, starting afresh after a pause of TYPE_AHEAD_RESET_MS. */
export function createTypeAhead(now: () => number = () => performance.now()) {
  let typed = '';
  let last = Number.NEGATIVE_INFINITY;
  return (key: string): string => {
    const time = now();
    if (time - last > TYPE_AHEAD_RESET_MS) typed = '';
    last = time;
    typed += key.toLowerCase();
    return typed;
  };
}

/**
 * The item to focus for a typed prefix: the first after the focused one whose text starts with it,
 * wrapping around; a repeated single letter ("ddd") steps through the items starting with it.
 */
export function matchItem(items: readonly HTMLElement[], focused: Element | null, prefix: string): HTMLElement | undefined {
  const repeated = prefix.length > 1 && [...prefix].every((letter) => letter === prefix[0]);
  const needle = repeated ? (prefix[0] ?? '') : prefix;
  const start = items.findIndex((item) => item === focused);
  // A growing prefix may still match the focused item; a new or repeated letter moves on.
  const from = needle.length > 1 ? Math.max(start, 0) : start + 1;
  const ordered = [...items.slice(from), ...items.slice(0, from)];
  return ordered.find((item) => (item.textContent ?? '').trim().toLowerCase().startsWith(needle));
}

/** A capture-phase key handler for a menu list: moves focus by typed prefix and keeps MUI's own 500 ms type-ahead out. */
export function typeAheadHandler(typeAhead: (key: string) => string) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey || event.key === ' ') return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')];
    const target = matchItem(items, document.activeElement, typeAhead(event.key));
    event.preventDefault();
    event.stopPropagation();
    target?.focus();
  };
}
