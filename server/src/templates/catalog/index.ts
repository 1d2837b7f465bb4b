import { adeunisTemplates } from './adeunis.js';
import { browanTemplates } from './browan.js';
import { decentlabTemplates } from './decentlab.js';
import { draginoTemplates } from './dragino.js';
import { elsysTemplates } from './elsys.js';
import { milesightTemplates } from './milesight.js';
import { netvoxTemplates } from './netvox.js';
import { rakTemplates } from './rak.js';
import { tektelicTemplates } from './tektelic.js';
import type { TemplateDefinition } from './types.js';

export type { TemplateDefinition } from './types.js';

/**
 * The template store's device models, seeded into the database at every start (upserted by id,
 * so ids are stable). Every codec is our own, written from the vendor's published payload format;
 * each model's samples are decoded in the sandbox by tests/server/templates/catalog.test.ts.
 */
export const templateCatalog: readonly TemplateDefinition[] = [
  ...draginoTemplates,
  ...milesightTemplates,
  ...elsysTemplates,
  ...browanTemplates,
  ...netvoxTemplates,
  ...adeunisTemplates,
  ...rakTemplates,
  ...decentlabTemplates,
  ...tektelicTemplates,
];
