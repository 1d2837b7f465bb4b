import { Type, type Static } from 'typebox';
import { ListQueryFields, NonBlank, SecretString, Timestamp, Uuid } from './common.js';

export const ApiKeyResponse = Type.Object({
  id: Type.String(),
  name: Type.String(),
  expiresAt: Type.Union([Timestamp, Type.Null()]),
  last_used: Type.Union([Timestamp, Type.Null()]),
  expired: Type.Boolean(),
  created_at: Timestamp,
  company_id: Type.Union([Type.String(), Type.Null()], { description: "The one company the key reaches; null: all of its owner's companies." }),
  read_only: Type.Boolean({ description: 'The key may only read.' }),
});
export type ApiKey = Static<typeof ApiKeyResponse>;
/** Only the answers that create or regenerate a key carry its secret, once. */
export const ApiKeyWithSecret = Type.Object({ ...ApiKeyResponse.properties, key: SecretString() });
export type ApiKeyWithSecret = Static<typeof ApiKeyWithSecret>;
export const ApiKeyCreateBody = Type.Object(
  {
    name: NonBlank(100),
    expiresAt: Type.Optional(Type.Union([Timestamp, Type.Null()])),
    company_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    read_only: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const ApiKeyParams = Type.Object({ api_key_id: Uuid });
export const ApiKeyListQuery = Type.Object({ page: ListQueryFields.page, page_size: ListQueryFields.page_size }, { additionalProperties: false });
