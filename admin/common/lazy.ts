import { lazy, type ComponentType } from 'react';
import { areaTexts } from '../providers/i18nProvider';

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

/**
 * lazyNamed for a screen: it renders once its chunk and the screens' texts (the catalogue's areas,
 * a chunk of their own that the frame, the settings and the dashboard do without) are in.
 */
export function lazyScreen<P extends object = object, M extends Record<string, unknown> = Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
) {
  return lazyNamed<P, M>(async () => (await Promise.all([load(), areaTexts()]))[0], name);
}
