/**
 * The shape every console catalogue must have: the English one with each text widened to
 * `string`, so a German catalogue declared `satisfies CatalogueOf<typeof en>` fails the type
 * check when a key is missing or misspelt.
 */
export type CatalogueOf<T> = { [K in keyof T]: T[K] extends string ? string : CatalogueOf<T[K]> };
