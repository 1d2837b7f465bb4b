import { Type, type Static } from 'typebox';
import { ListQueryFields, NonBlank, Timestamp, Uuid } from './common.js';

export const WIDGET_TYPES = ['SINGLE_VALUE', 'SERIES', 'TABLE'] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/**
 * Where a widget's data comes from: one device, the devices of one unit, or the company's
 * devices whose name or DevEUI contains the widget's `query` text.
 */
export const DATA_SOURCE_MODES = ['device', 'unit', 'query'] as const;
export type DataSourceMode = (typeof DATA_SOURCE_MODES)[number];

/** The dashboard grid (react-grid-layout in the console) has 12 columns. */
export const GRID_COLUMNS = 12;
export const MAX_WIDGET_HEIGHT = 24;

const widgetProperties = {
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

export const WidgetResponse = Type.Object({ id: Type.String(), dashboard: Type.String(), ...widgetProperties, created_at: Timestamp });
export type Widget = Static<typeof WidgetResponse>;
/** What a widget is made of, without the identity and time the server gives it. */
export type WidgetFields = Omit<Widget, 'id' | 'dashboard' | 'created_at'>;

export const WidgetListQuery = Type.Object(
  { page: ListQueryFields.page, page_size: ListQueryFields.page_size, dashboard_id: Type.Optional(Uuid) },
  { additionalProperties: false },
);

export const WidgetCreateBody = Type.Object(
  {
    dashboard: Uuid,
    type: widgetProperties.type,
    data_source_mode: widgetProperties.data_source_mode,
    width: widgetProperties.width,
    height: widgetProperties.height,
    positionX: widgetProperties.positionX,
    positionY: widgetProperties.positionY,
    title: Type.Optional(widgetProperties.title),
    query: Type.Optional(widgetProperties.query),
    device: Type.Optional(widgetProperties.device),
    unit: Type.Optional(widgetProperties.unit),
    topic: Type.Optional(widgetProperties.topic),
  },
  { additionalProperties: false },
);

/** A widget stays on its dashboard: `dashboard` is not among the changeable fields. */
export const WidgetUpdateBody = Type.Partial(Type.Object(widgetProperties), { additionalProperties: false });

export const WidgetDataQuery = Type.Object({ from: Type.Optional(Timestamp), to: Type.Optional(Timestamp) }, { additionalProperties: false });

/** One row of a TABLE widget: a device's latest value of a topic. */
export const WidgetTableRow = Type.Object({
  device_id: Type.String(),
  device_name: Type.String(),
  topic: Type.String(),
  value: Type.Unknown(),
  timestamp: Timestamp,
});
export type WidgetTableRow = Static<typeof WidgetTableRow>;

export const WidgetDataResponse = Type.Union([
  Type.Object({ type: Type.Literal('SINGLE_VALUE'), value: Type.Unknown(), timestamp: Type.Union([Timestamp, Type.Null()]) }),
  Type.Object({ type: Type.Literal('SERIES'), points: Type.Array(Type.Object({ ts: Timestamp, value: Type.Unknown() })) }),
  Type.Object({ type: Type.Literal('TABLE'), rows: Type.Array(WidgetTableRow) }),
]);
export type WidgetData = Static<typeof WidgetDataResponse>;
