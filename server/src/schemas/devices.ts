import { Type, type Static } from 'typebox';
import { BoundedCountQuery, BoundedPage, errorCode, IdsFilter, ListQueryFields, SecretString, Timestamp, Uuid } from './common.js';
import type { FieldErrorCode } from './messages.js';
import { EUI_BYTES, hexInputPattern, KEY_BYTES } from '../domain/eui.js';
import { DECODERS } from '../domain/decoders.js';
import { POWER_STATUSES } from '../domain/power.js';
import { WithSyncStatus } from './network.js';

export const DEVICE_ORDERINGS = ['name', '-name', 'last_seen', '-last_seen', 'dev_eui', '-dev_eui', 'created_at', '-created_at'] as const;
export type DeviceOrdering = (typeof DEVICE_ORDERINGS)[number];

/** Hex as people paste it (domain/eui.ts): any case, optional 0x, separators between byte pairs. */
export const hexInput = (bytes: number, code: FieldErrorCode) =>
  Type.String({ minLength: bytes * 2, maxLength: bytes * 3 + 2, pattern: hexInputPattern(bytes), ...errorCode(code) });

export const DevEuiInput = hexInput(EUI_BYTES, 'dev_eui_invalid');
/** The JoinEUI (AppEUI) takes the DevEUI's rule; a device without one joins with zeros (DEFAULT_JOIN_EUI). */
export const JoinEuiInput = hexInput(EUI_BYTES, 'join_eui_invalid');
export const AppKeyInput = hexInput(KEY_BYTES, 'app_key_invalid');
const Name = Type.String({ maxLength: 200 });

const DeviceFields = {
  id: Type.String(),
  company_id: Type.String(),
  dev_eui: Type.String(),
  join_eui: Type.String(),
  name: Type.String(),
  config: Type.Union([Type.String(), Type.Null()]),
  config_name: Type.Union([Type.String(), Type.Null()]),
  unit: Type.Union([Type.String(), Type.Null()]),
  unit_name: Type.Union([Type.String(), Type.Null()]),
  last_seen: Type.Union([Timestamp, Type.Null()]),
  power_status: Type.Enum(POWER_STATUSES),
  battery_level: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Timestamp,
};

/** In lists the app key is never returned. */
export const DeviceResponse = Type.Object({ ...DeviceFields, ...WithSyncStatus });
export type Device = Static<typeof DeviceResponse>;
/** The last position a location event of the network server reported (issue #14); all null until one did. */
const DeviceLocationFields = {
  latitude: Type.Union([Type.Number(), Type.Null()]),
  longitude: Type.Union([Type.Number(), Type.Null()]),
  altitude: Type.Union([Type.Number(), Type.Null()]),
  /** ChirpStack's source: GPS, CONFIG, GEO_RESOLVER_TDOA, … */
  location_source: Type.Union([Type.String(), Type.Null()]),
  location_at: Type.Union([Timestamp, Type.Null()]),
};
export const DeviceDetailResponse = Type.Object({ ...DeviceFields, app_key: SecretString(), ...DeviceLocationFields, ...WithSyncStatus });
export type DeviceDetail = Static<typeof DeviceDetailResponse>;
export const DevicePage = BoundedPage(DeviceResponse);

export const DeviceListQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Enum(DEVICE_ORDERINGS)),
    company_id: Type.Optional(Uuid),
    id: Type.Optional(Uuid),
    ids: IdsFilter,
    profile: Type.Optional(Uuid),
    unit: Type.Optional(Uuid),
    power_status: Type.Optional(Type.Enum(POWER_STATUSES)),
    bounded_count: BoundedCountQuery,
  },
  { additionalProperties: false },
);
export type DeviceListQuery = Static<typeof DeviceListQuery>;

/** The list's filters and order, without paging: an export holds every device they match. */
export const DeviceExportQuery = Type.Omit(DeviceListQuery, ['page', 'page_size', 'bounded_count'], { additionalProperties: false });

/** The export's answer: CSV text, one device a line after the header (DEVICE_EXPORT_COLUMNS). */
export const DeviceExportResponse = {
  description: 'CSV (RFC 4180), UTF-8, one device a line after the header; the AppKey is not part of it.',
  content: { 'text/csv': { schema: Type.String() } },
};

/** The export's columns, in order; the header line names them so. */
export const DEVICE_EXPORT_COLUMNS = ['name', 'dev_eui', 'join_eui', 'profile', 'unit', 'last_seen', 'power_status', 'battery_level', 'created_at'] as const;

export const DeviceCreateBody = Type.Object(
  {
    company_id: Uuid,
    dev_eui: DevEuiInput,
    join_eui: Type.Optional(JoinEuiInput),
    app_key: AppKeyInput,
    name: Type.Optional(Name),
    config: Type.Optional(Type.Union([Uuid, Type.Null()])),
    unit: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  {
    additionalProperties: false,
    example: {
      company_id: '5f0c6a1e-2b7d-4c3a-9e8f-1a2b3c4d5e6f',
      dev_eui: 'A840410001810001',
      join_eui: 'A000000000000100',
      app_key: '2B7E151628AED2A6ABF7158809CF4F3C',
      name: 'Cold room 1',
    },
  },
);
export type DeviceCreateBody = Static<typeof DeviceCreateBody>;

export const DeviceUpdateBody = Type.Object(
  {
    dev_eui: Type.Optional(DevEuiInput),
    join_eui: Type.Optional(JoinEuiInput),
    app_key: Type.Optional(AppKeyInput),
    name: Type.Optional(Name),
    config: Type.Optional(Type.Union([Uuid, Type.Null()])),
    unit: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type DeviceUpdateBody = Static<typeof DeviceUpdateBody>;

/** A topic's last value; `decoded_by` says which decoder produced it (null for values stored before that was recorded). */
export const TopicValue = Type.Object({
  topic: Type.String(),
  last_value: Type.Unknown(),
  last_timestamp: Timestamp,
  decoded_by: Type.Union([Type.Enum(DECODERS), Type.Null()]),
});
export type TopicValue = Static<typeof TopicValue>;
export const TopicValuesResponse = Type.Array(TopicValue);
