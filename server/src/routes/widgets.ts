import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { errorResponses, IdParams } from '../http/schemas.js';
import type { Widget, WidgetFields } from '../repositories/dashboards.js';
import { GRID_COLUMNS, WidgetCreateBody, WidgetDataQuery, WidgetDataResponse, WidgetListQuery, WidgetResponse, WidgetUpdateBody } from './dashboards.schemas.js';

const DAY_MS = 86_400_000;

export async function widgetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['dashboards'];
  const { dashboards, devices, units, widgetData } = ctx.repos;

  async function mine(userId: string, id: string) {
    const widget = await dashboards.widget(userId, id);
    if (!widget) throw notFound();
    return widget;
  }

  /** The widget must fit the grid and point at the dashboard company's own device or unit. */
  async function check(userId: string, companyId: string, widget: Pick<WidgetFields, 'width' | 'positionX' | 'device' | 'unit'>) {
    const fields: Record<string, string> = {};
    if (widget.positionX + widget.width > GRID_COLUMNS) fields.width = `The widget must fit the ${GRID_COLUMNS} columns of the grid.`;
    if (widget.device && (await devices.find(userId, widget.device))?.company_id !== companyId) fields.device = 'No such device.';
    if (widget.unit && (await units.find(userId, widget.unit))?.company_id !== companyId) fields.unit = 'No such unit.';
    if (Object.keys(fields).length > 0) throw invalid(fields);
  }

  api.get('/widget/', { schema: { tags, querystring: WidgetListQuery, response: { 200: Type.Array(WidgetResponse), ...errorResponses } } }, async (request) =>
    dashboards.widgets(request.identity.userId, request.query.dashboard_id),
  );

  api.post('/widget/', { schema: { tags, body: WidgetCreateBody, response: { 201: WidgetResponse, ...errorResponses } } }, async (request, reply) => {
    const userId = request.identity.userId;
    const dashboard = await dashboards.find(userId, request.body.dashboard);
    if (!dashboard) throw notFound();
    const { dashboard: _dashboard, ...rest } = request.body;
    const fields: WidgetFields = { title: '', query: null, device: null, unit: null, topic: null, ...rest };
    await check(userId, dashboard.company_id, fields);
    const id = await dashboards.createWidget(dashboard.id, fields, ctx.now().toISOString());
    return reply.code(201).send(await mine(userId, id));
  });

  api.patch(
    '/widget/:id/',
    { schema: { tags, params: IdParams, body: WidgetUpdateBody, response: { 200: WidgetResponse, ...errorResponses } } },
    async (request) => {
      const userId = request.identity.userId;
      const widget = await mine(userId, request.params.id);
      const merged: Widget = { ...widget, ...request.body };
      await check(userId, widget.company_id, merged);
      await dashboards.updateWidget(widget.id, request.body);
      return mine(userId, widget.id);
    },
  );

  api.delete('/widget/:id/', { schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errorResponses } } }, async (request, reply) => {
    await mine(request.identity.userId, request.params.id);
    await dashboards.removeWidget(request.params.id);
    return reply.code(204).send(null);
  });

  // What the widget shows; every widget loads its own data (and has its own loading/error state).
  api.get(
    '/widget/:id/data',
    { schema: { tags, params: IdParams, querystring: WidgetDataQuery, response: { 200: WidgetDataResponse, ...errorResponses } } },
    async (request) => {
      const widget = await mine(request.identity.userId, request.params.id);
      if (widget.type === 'TABLE') return { type: widget.type, rows: await widgetData.table({ deviceId: widget.device, unitId: widget.unit }, widget.topic) };
      if (!widget.device || !widget.topic) return widget.type === 'SERIES' ? { type: widget.type, points: [] } : { type: widget.type, value: null, timestamp: null };
      if (widget.type === 'SINGLE_VALUE') {
        const latest = await widgetData.latest(widget.device, widget.topic);
        return { type: widget.type, value: latest?.value ?? null, timestamp: latest?.timestamp ?? null };
      }
      const to = request.query.to ?? ctx.now().toISOString();
      const from = request.query.from ?? new Date(new Date(to).getTime() - DAY_MS).toISOString();
      return { type: widget.type, points: await widgetData.series(widget.device, widget.topic, new Date(from).toISOString(), new Date(to).toISOString()) };
    },
  );
}
