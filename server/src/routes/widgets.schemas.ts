import { Type } from 'typebox';
import { ListQueryFields, NonBlank, Timestamp, Uuid } from '../http/schemas.js';
import { DATA_SOURCE_MODES, WIDGET_TYPES } from '../repositories/widgets.js';

/** The dashboard grid (react-grid-layout in the console) has 12 columns. */
export const GRID_COLUMNS = 12;
export const MAX_WIDGET_HEIGHT = 24;

const WidgetFields = {
  type: Type.Enum(WIDGET_TYPES),
  title: Type.String({ maxLength: 200 }),
  data_source_mode: Type.Enum(DATA_SOURCE_MODES),
  query: Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]),
  device: Type.Union([Uuid, Type.Null()]),
  unit: Type.Union([Uuid, Type.Null()]),
  topic: Type.Union([NonBlank(200), Type.Null()]),
  width: Type.Integer({ minimum: 1, maximum: GRID_COLUMNS }),
  height: Type.Integer({ minimum: 1, maximum: MAX_WIDGET_HEIGHT }),
  positionX: Type.Integer({ minimum: 0, maximum: GRID_COLUMNS - 1 }),
  // Rows grow downwards without a grid limit; the bound only keeps numbers sane.
  positionY: Type.Integer({ minimum: 0, maximum: 10_000 }),
};

export const WidgetResponse = Type.Object({ id: Type.String(), dashboard: Type.String(), ...WidgetFields, created_at: Timestamp });

export const WidgetListQuery = Type.Object(
  { page: ListQueryFields.page, page_size: ListQueryFields.page_size, dashboard_id: Type.Optional(Uuid) },
  { additionalProperties: false },
);

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

/** A widget stays on its dashboard: `dashboard` is not among the changeable fields. */
export const WidgetUpdateBody = Type.Partial(Type.Object(WidgetFields), { additionalProperties: false });

export const WidgetDataQuery = Type.Object({ from: Type.Optional(Timestamp), to: Type.Optional(Timestamp) }, { additionalProperties: false });

export const WidgetDataResponse = Type.Union([
  Type.Object({ type: Type.Literal('SINGLE_VALUE'), value: Type.Unknown(), timestamp: Type.Union([Timestamp, Type.Null()]) }),
  Type.Object({ type: Type.Literal('SERIES'), points: Type.Array(Type.Object({ ts: Timestamp, value: Type.Unknown() })) }),
  Type.Object({
    type: Type.Literal('TABLE'),
    rows: Type.Array(Type.Object({ device_id: Type.String(), device_name: Type.String(), topic: Type.String(), value: Type.Unknown(), timestamp: Timestamp })),
  }),
]);
