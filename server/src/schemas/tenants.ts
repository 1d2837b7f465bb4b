import { Type, type Static } from 'typebox';
import { errorCode, IdsFilter, ListQueryFields, NonBlank, Page, Timestamp, Uuid } from './common.js';

const ColorHex = Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', ...errorCode('colour_invalid') });
const LogoUrl = Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048, ...errorCode('url_invalid') });

export const TenantResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  logo_url: Type.Union([Type.String(), Type.Null()]),
  color_hex: Type.Union([Type.String(), Type.Null()]),
  created_at: Timestamp,
});
export type Tenant = Static<typeof TenantResponse>;

export const TenantListQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Union([Type.Literal('name'), Type.Literal('-name')])),
    id: Type.Optional(Uuid),
    ids: IdsFilter,
  },
  { additionalProperties: false },
);
export type TenantListQuery = Static<typeof TenantListQuery>;

export const TenantPage = Page(TenantResponse);

export const TenantCreateBody = Type.Object(
  {
    name: NonBlank(200),
    logo_url: Type.Optional(Type.Union([LogoUrl, Type.Null()])),
    color_hex: Type.Optional(Type.Union([ColorHex, Type.Null()])),
  },
  { additionalProperties: false },
);
export type TenantCreateBody = Static<typeof TenantCreateBody>;

export const TenantUpdateBody = Type.Object(
  {
    name: Type.Optional(NonBlank(200)),
    logo_url: Type.Optional(Type.Union([LogoUrl, Type.Null()])),
    color_hex: Type.Optional(Type.Union([ColorHex, Type.Null()])),
  },
  { additionalProperties: false },
);
export type TenantUpdateBody = Static<typeof TenantUpdateBody>;
