import { draginoTemplates } from './dragino.js';
import { elsysTemplates } from './elsys.js';
import { milesightTemplates } from './milesight.js';
import { otherTemplates } from './others.js';
import type { TemplateDefinition } from './types.js';

export type { TemplateDefinition } from './types.js';

/** The template store's device models, seeded into the database at every start. */
export const templateCatalog: readonly TemplateDefinition[] = [...draginoTemplates, ...milesightTemplates, ...elsysTemplates, ...otherTemplates];
