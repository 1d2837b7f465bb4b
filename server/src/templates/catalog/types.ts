import type { TemplateSeed } from '../../repositories/templates.js';

/** A device model of the template store: metadata, its codec and sample uplinks with their decoding. */
export type TemplateDefinition = TemplateSeed;
