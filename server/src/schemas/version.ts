import { Type, type Static } from 'typebox';

export const VersionResponse = Type.Object({ name: Type.String(), version: Type.String() });
export type Version = Static<typeof VersionResponse>;
