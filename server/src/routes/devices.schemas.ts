import { Type, type Static } from 'typebox';
import { ListQueryFields, Page, Timestamp, Uuid } from '../http/schemas.js';
import { DEVICE_ORDERINGS, POWER_STATUSES } from '../repositories/devices.js';

/** Hex as people paste it: any case, optional 0x, separators between byte pairs. */
const hexInput = (bytes: number, message: string) =>
  Type.String({ minLength: bytes * 2, maxLength: bytes * 3 + 2, pattern: `^(0[xX])?([0-9A-Fa-f]{2}[-: ]?){${bytes - 1}}[0-9A-Fa-f]{2}$`, errorMessage: message });

export const DEV_EUI_MESSAGE = 'DevEUI must be 16 hexadecimal digits.';
export const APP_KEY_MESSAGE = 'AppKey must be 32 hexadecimal digits.';
export const DevEuiInput = hexInput(8, DEV_EUI_MESSAGE);
export const AppKeyInput = hexInput(16, APP_KEY_MESSAGE);
const Name = Type.String({ maxLength: 200 });

const DeviceFields = {
  id: Type.String(),
  company_id: Type.String(),
  dev_eui: Type.String(),
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
export const DeviceResponse = Type.Object(DeviceFields);
export const DeviceDetailResponse = Type.Object({ ...DeviceFields, app_key: Type.String() });
export const DevicePage = Page(DeviceResponse);

export const DeviceListQuery = Type.Object(
  {
    ...ListQueryFields,
    ordering: Type.Optional(Type.Enum(DEVICE_ORDERINGS)),
    company_id: Type.Optional(Uuid),
    id: Type.Optional(Uuid),
    profile: Type.Optional(Uuid),
    unit: Type.Optional(Uuid),
    power_status: Type.Optional(Type.Enum(POWER_STATUSES)),
  },
  { additionalProperties: false },
);
export type DeviceListQuery = Static<typeof DeviceListQuery>;

export const DeviceCreateBody = Type.Object(
  {
    company_id: Uuid,
    dev_eui: DevEuiInput,
    app_key: AppKeyInput,
    name: Type.Optional(Name),
    config: Type.Optional(Type.Union([Uuid, Type.Null()])),
    unit: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type DeviceCreateBody = Static<typeof DeviceCreateBody>;

export const DeviceUpdateBody = Type.Object(
  {
    dev_eui: Type.Optional(DevEuiInput),
    app_key: Type.Optional(AppKeyInput),
    name: Type.Optional(Name),
    config: Type.Optional(Type.Union([Uuid, Type.Null()])),
    unit: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);
export type DeviceUpdateBody = Static<typeof DeviceUpdateBody>;

export const TopicValuesResponse = Type.Array(Type.Object({ topic: Type.String(), last_value: Type.Unknown(), last_timestamp: Timestamp }));
