import { Type, type Static } from 'typebox';
import { IdsFilter, ListQueryFields, NonBlank, Page, Timestamp, Uuid } from './common.js';
import { MAC_VERSIONS, REG_PARAMS_REVISIONS, REGIONS } from '../domain/network.js';
import { DECODERS } from '../domain/decoders.js';
import { WithSyncStatus } from './network.js';

/** Codec scripts are plain JavaScript; 256 KiB is far above any vendor codec. */
export const MAX_CODEC_LENGTH = 256 * 1024;

/** The largest value the database's integer column holds (PostgreSQL `integer`). */
const MAX_INTEGER = 2_147_483_647;

/**
 * What the network server needs of a profile, as ChirpStack names it (domain/network.ts): the
 * region, the LoRaWAN MAC version and regional-parameters revision, and the expected seconds
 * between uplinks. Profiles and the template store's models both carry them.
 */
export const NetworkSettingsFields = {
  region: Type.Enum(REGIONS),
  mac_version: Type.Enum(MAC_VERSIONS),
  reg_params_revision: Type.Enum(REG_PARAMS_REVISIONS),
  uplink_interval_s: Type.Integer({ minimum: 1, maximum: MAX_INTEGER }),
};
const OptionalNetworkSettings = {
  region: Type.Optional(NetworkSettingsFields.region),
  mac_version: Type.Optional(NetworkSettingsFields.mac_version),
  reg_params_revision: Type.Optional(NetworkSettingsFields.reg_params_revision),
  uplink_interval_s: Type.Optional(NetworkSettingsFields.uplink_interval_s),
};

/** Whose decoding wins when ChirpStack sent a decoded `object` and the profile has a codec (domain/decoders.ts). */
export const DecoderPrecedence = Type.Enum(DECODERS);

export const ProfileResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  name: Type.String(),
  codec: Type.String(),
  supports_otaa: Type.Boolean(),
  supports_class_b: Type.Boolean(),
  supports_class_c: Type.Boolean(),
  ...NetworkSettingsFields,
  decoder_precedence: DecoderPrecedence,
  template_id: Type.Union([Type.String(), Type.Null()]),
  is_template: Type.Boolean(),
  created_at: Timestamp,
  ...WithSyncStatus,
});
export type Profile = Static<typeof ProfileResponse>;

export const ProfilePage = Page(ProfileResponse);

export const CompanyParams = Type.Object({ company_id: Uuid });
export const ProfileParams = Type.Object({ company_id: Uuid, profile_id: Uuid });

export const ProfileListQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Enum(['name', '-name', 'created_at', '-created_at'])),
    id: Type.Optional(Uuid),
    ids: IdsFilter,
  },
  { additionalProperties: false },
);
export type ProfileListQuery = Static<typeof ProfileListQuery>;

const Codec = Type.String({ maxLength: MAX_CODEC_LENGTH });

/** Network settings left out take the defaults of domain/network.ts (EU868, LoRaWAN 1.0.3, A, one hour). */
export const ProfileCreateBody = Type.Object(
  {
    name: NonBlank(200),
    codec: Type.Optional(Codec),
    supports_otaa: Type.Optional(Type.Boolean()),
    supports_class_b: Type.Optional(Type.Boolean()),
    supports_class_c: Type.Optional(Type.Boolean()),
    ...OptionalNetworkSettings,
    decoder_precedence: Type.Optional(DecoderPrecedence),
  },
  { additionalProperties: false },
);
export type ProfileCreateBody = Static<typeof ProfileCreateBody>;

export const ProfileUpdateBody = Type.Object(
  {
    name: Type.Optional(NonBlank(200)),
    codec: Type.Optional(Codec),
    supports_otaa: Type.Optional(Type.Boolean()),
    supports_class_b: Type.Optional(Type.Boolean()),
    supports_class_c: Type.Optional(Type.Boolean()),
    ...OptionalNetworkSettings,
    decoder_precedence: Type.Optional(DecoderPrecedence),
  },
  { additionalProperties: false },
);
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>;

/**
 * A test run of a codec text (saved or not) against one uplink typed as hex or base64, received at
 * `recvTime` (TS013's name; the server's now when left out).
 */
export const CodecTestBody = Type.Object(
  {
    codec: Codec,
    payload: Type.String({ maxLength: 1024 }),
    encoding: Type.Optional(Type.Union([Type.Literal('hex'), Type.Literal('base64')])),
    fPort: Type.Integer({ minimum: 1, maximum: 255 }),
    recvTime: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type CodecTestBody = Static<typeof CodecTestBody>;

export const CONSOLE_LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;
export type ConsoleLevel = (typeof CONSOLE_LEVELS)[number];

/** One call of `console.log` (or info, warn, error, debug) inside a codec: its arguments as one text. */
export const ConsoleLine = Type.Object({ level: Type.Enum(CONSOLE_LEVELS), text: Type.String() });
export type ConsoleLine = Static<typeof ConsoleLine>;

export const CodecTestResponse = Type.Object({
  ok: Type.Boolean(),
  data: Type.Optional(Type.Unknown()),
  warnings: Type.Array(Type.String()),
  errors: Type.Array(Type.String()),
  /** Why the run failed: timeout, memory, exception, invalid-result, missing-function. */
  error: Type.Optional(Type.Object({ kind: Type.String(), message: Type.String() })),
  bytes: Type.Array(Type.Integer()),
  /** What the codec wrote to the console, up to the sandbox's limits; `console_truncated` when it wrote more. */
  console: Type.Array(ConsoleLine),
  console_truncated: Type.Boolean(),
});
export type CodecTestResult = Static<typeof CodecTestResponse>;
