/** A message catalogue: texts, nested by namespace. */
export type Catalogue = { [key: string]: string | Catalogue };

/** Deep merge: every key of `base`, overridden by `over` where it has a text, so no key is ever missing. */
export function mergeCatalogues(base: Catalogue, over: Catalogue): Catalogue {
  const merged: Catalogue = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    merged[key] = typeof value === 'object' && typeof below === 'object' ? mergeCatalogues(below, value) : value;
  }
  return merged;
}
