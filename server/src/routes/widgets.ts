import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { chargeRetrieval } from '../auth/metering.js';
import { invalid, notFound } from '../http/errors.js';
import { paging } from '../http/paging.js';
import { errorResponses, IdParams, NoContent, Page } from '../schemas/common.js';
import type { TableScope } from '../repositories/widget-data.js';
import type { Widget, WidgetFields } from '../schemas/widgets.js';
import type { FieldError } from '../schemas/messages.js';
import { GRID_COLUMNS, WidgetCreateBody, WidgetDataQuery, WidgetDataResponse, WidgetListQuery, WidgetResponse, WidgetUpdateBody } from '../schemas/widgets.js';

const DAY_MS = 86_400_000;

/** The devices a TABLE widget lists, after its data source mode; undefined while it names none. */
export function tableScope(widget: Widget): TableScope | undefined {
  if (widget.data_source_mode === 'device') return widget.device ? { deviceId: widget.device } : undefined;
  if (widget.data_source_mode === 'unit') return widget.unit ? { unitId: widget.unit } : undefined;
  return { search: widget.query };
}

/**
 * Widgets live on dashboards the caller can see; every member may add, move, edit and remove
 * widgets on a shared dashboard, the owner alone on a private one (which others cannot see: 404).
 */
export async function widgetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['dashboards'];
  const { dashboards, widgets, widgetData } = ctx.repos;

  async function visible(userId: string, id: string) {
    const widget = await widgets.find(userId, id);
    if (!widget) throw notFound();
    return widget;
  }

  /** The widget must fit the grid and may only point at its dashboard company's own device or unit. */
  async function check(companyId: string, widget: Pick<WidgetFields, 'width' | 'positionX' | 'device' | 'unit'>) {
    const fields: Record<string, FieldError> = {};
    if (widget.positionX + widget.width > GRID_COLUMNS) fields.width = { code: 'widget_outside_grid', params: { columns: GRID_COLUMNS } };
    for (const field of await widgets.foreignReferences(companyId, widget)) fields[field] = { code: field === 'device' ? 'no_such_device' : 'no_such_unit' };
    if (Object.keys(fields).length > 0) throw invalid(fields);
  }

  api.get(
    '/widget/',
    {
      schema: {
        operationId: 'listWidgets',
        summary: "List a dashboard's widgets",
        tags,
        querystring: WidgetListQuery,
        response: { 200: Page(WidgetResponse), ...errorResponses },
      },
    },
    async (request) => widgets.list(request.identity.userId, { dashboardId: request.query.dashboard_id, ...paging(request.query) }),
  );

  api.post(
    '/widget/',
    {
      schema: {
        operationId: 'createWidget',
        summary: 'Add a widget to a dashboard',
        tags,
        body: WidgetCreateBody,
        response: { 201: WidgetResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = request.identity.userId;
      const { dashboard: dashboardId, ...rest } = request.body;
      const dashboard = await dashboards.find(userId, dashboardId);
      if (!dashboard) throw notFound();
      const fields: WidgetFields = { title: '', query: null, device: null, unit: null, topic: null, ...rest };
      await check(dashboard.company_id, fields);
      const id = await widgets.create(dashboard.id, fields, ctx.now().toISOString());
      return reply.code(201).send(await visible(userId, id));
    },
  );

  api.get(
    '/widget/:id/',
    { schema: { operationId: 'getWidget', summary: 'Get a widget', tags, params: IdParams, response: { 200: WidgetResponse, ...errorResponses } } },
    async (request) => visible(request.identity.userId, request.params.id),
  );

  api.patch(
    '/widget/:id/',
    {
      schema: {
        operationId: 'updateWidget',
        summary: 'Change a widget',
        tags,
        params: IdParams,
        body: WidgetUpdateBody,
        response: { 200: WidgetResponse, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.identity.userId;
      const widget = await visible(userId, request.params.id);
      await check(widget.company_id, { ...widget, ...request.body });
      await widgets.update(widget.id, request.body);
      return visible(userId, widget.id);
    },
  );

  api.delete(
    '/widget/:id/',
    { schema: { operationId: 'deleteWidget', summary: 'Delete a widget', tags, params: IdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const widget = await visible(request.identity.userId, request.params.id);
      await widgets.remove(widget.id);
      return reply.code(204).send(null);
    },
  );

  // What one widget shows; each widget loads its own data (and has its own loading and error state).
  api.get(
    '/widget/:id/data',
    {
      schema: {
        operationId: 'getWidgetData',
        summary: 'Get the data a widget shows',
        tags,
        params: IdParams,
        querystring: WidgetDataQuery,
        response: { 200: WidgetDataResponse, ...errorResponses },
      },
    },
    async (request) => {
      const widget = await visible(request.identity.userId, request.params.id);
      const to = request.query.to ? new Date(request.query.to) : ctx.now();
      const from = request.query.from ? new Date(request.query.from) : new Date(to.getTime() - DAY_MS);
      if (from > to) throw invalid({ from: { code: 'range_reversed' } });

      if (widget.type === 'TABLE') {
        const scope = tableScope(widget);
        return { type: widget.type, rows: scope ? await widgetData.table(widget.company_id, scope, widget.topic) : [] };
      }
      // A single value and a series follow one topic of one device.
      const source = widget.data_source_mode === 'device' && widget.device && widget.topic ? { device: widget.device, topic: widget.topic } : undefined;
      if (widget.type === 'SINGLE_VALUE') {
        const latest = source ? await widgetData.latest(widget.company_id, source.device, source.topic) : undefined;
        return { type: widget.type, value: latest?.value ?? null, timestamp: latest?.timestamp ?? null };
      }
      const points = source ? await widgetData.series(widget.company_id, source.device, source.topic, from.toISOString(), to.toISOString()) : [];
      chargeRetrieval(
        request,
        points.map((point) => point.ts),
      );
      return { type: widget.type, points };
    },
  );
}
