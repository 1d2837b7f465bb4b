import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a named export: every screen is its own chunk (route-level code splitting),
 * while the modules keep named exports (DESIGN §7).
 */
export function lazyNamed<P extends object = object, M extends Record<string, unknown> = Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
}
