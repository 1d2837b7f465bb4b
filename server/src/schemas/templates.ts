import { Type, type Static } from 'typebox';
import { ListQueryFields, Uuid } from './common.js';
import { NetworkSettingsFields } from './profiles.js';

/** An uplink the model sends, with what its codec decodes from it (the store shows and tests these). */
export const TemplateSample = Type.Object({ description: Type.String(), fPort: Type.Integer(), bytes_hex: Type.String(), expected: Type.Unknown() });
export type TemplateSample = Static<typeof TemplateSample>;

/** A store entry as one company sees it: profile_id is the company's copy ('Already added'). */
export const TemplateResponse = Type.Object({
  id: Type.String(),
  vendor: Type.String(),
  model: Type.String(),
  version: Type.String(),
  description: Type.String(),
  supports_otaa: Type.Boolean(),
  supports_class_b: Type.Boolean(),
  supports_class_c: Type.Boolean(),
  codec: Type.String(),
  samples: Type.Array(TemplateSample),
  ...NetworkSettingsFields,
  profile_id: Type.Union([Type.String(), Type.Null()]),
  already_added: Type.Boolean(),
});
export type Template = Static<typeof TemplateResponse>;

export const TemplatePage = Type.Object({
  count: Type.Integer(),
  results: Type.Array(TemplateResponse),
  /** Every vendor in the store, for the vendor filter. */
  vendors: Type.Array(Type.String()),
});

export const TemplateListQuery = Type.Object({ ...ListQueryFields, vendor: Type.Optional(Type.String({ maxLength: 100 })) }, { additionalProperties: false });

export const TemplateParams = Type.Object({ company_id: Uuid, template_id: Type.String({ minLength: 1, maxLength: 100 }) });
