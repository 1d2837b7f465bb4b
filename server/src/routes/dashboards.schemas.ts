import { Type } from 'typebox';
import { ListQueryFields, NonBlank, Timestamp, Uuid } from '../http/schemas.js';
import { DATA_SOURCE_MODES } from '../repositories/dashboards.js';

/** The dashboard grid has 12 columns (react-grid-layout in the console). */
export const GRID_COLUMNS = 12;
export const WIDGET_TYPES = ['SINGLE_VALUE', 'SERIES', 'TABLE'] as const;

export const DashboardResponse = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  owner_id: Type.String(),
  name: Type.String(),
  is_shared: Type.Boolean(),
  is_owner: Type.Boolean(),
  created_at: Timestamp,
});
export const DashboardListQuery = Type.Object(
  { page: ListQueryFields.page, page_size: ListQueryFields.page_size, company_id: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export const DashboardCreateBody = Type.Object({ company_id: Uuid, name: NonBlank(200), is_shared: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const DashboardUpdateBody = Type.Object({ name: Type.Optional(NonBlank(200)), is_shared: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

const WidgetFields = {
  type: Type.Enum(WIDGET_TYPES),
  title: Type.String({ maxLength: 200 }),
  data_source_mode: Type.Enum(DATA_SOURCE_MODES),
  query: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  device: Type.Union([Uuid, Type.Null()]),
  unit: Type.Union([Uuid, Type.Null()]),
  topic: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()]),
  width: Type.Integer({ minimum: 1, maximum: GRID_COLUMNS }),
  height: Type.Integer({ minimum: 1, maximum: 24 }),
  positionX: Type.Integer({ minimum: 0, maximum: GRID_COLUMNS - 1 }),
  positionY: Type.Integer({ minimum: 0, maximum: 10_000 }),
};

export const WidgetResponse = Type.Object({ id: Type.String(), dashboard: Type.String(), ...WidgetFields, created_at: Timestamp });
export const WidgetListQuery = Type.Object({ dashboard_id: Type.Optional(Uuid) }, { additionalProperties: false });
export const WidgetCreateBody = Type.Object(
  {
    dashboard: Uuid,
    type: WidgetFields.type,
    data_source_mode: WidgetFields.data_source_mode,
    width: WidgetFields.width,
    height: WidgetFields.height,
    positionX: WidgetFields.positionX,
    positionY: WidgetFields.positionY,
    title: Type.Optional(WidgetFields.title),
    query: Type.Optional(WidgetFields.query),
    device: Type.Optional(WidgetFields.device),
    unit: Type.Optional(WidgetFields.unit),
    topic: Type.Optional(WidgetFields.topic),
  },
  { additionalProperties: false },
);
export const WidgetUpdateBody = Type.Partial(Type.Object(WidgetFields), { additionalProperties: false });
export const WidgetDataQuery = Type.Object({ from: Type.Optional(Timestamp), to: Type.Optional(Timestamp) }, { additionalProperties: false });
export const WidgetDataResponse = Type.Object({
  type: Type.Enum(WIDGET_TYPES),
  value: Type.Optional(Type.Unknown()),
  timestamp: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  points: Type.Optional(Type.Array(Type.Object({ ts: Timestamp, value: Type.Unknown() }))),
  rows: Type.Optional(
    Type.Array(Type.Object({ device_id: Type.String(), device_name: Type.String(), topic: Type.String(), value: Type.Unknown(), timestamp: Timestamp })),
  ),
});
