import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../context.js';
import { csvLine, fileNamePart } from '../domain/csv.js';
import { retrievalTokens } from '../domain/metering.js';
import { sendCsv } from '../http/csv-stream.js';
import { invalid, notFound } from '../http/errors.js';
import { errorResponses, IdParams } from '../schemas/common.js';
import {
  DEFAULT_SERIES_EXPORT_DAYS,
  DeviceSeriesExportQuery,
  DeviceSeriesExportResponse,
  MAX_SERIES_EXPORT_DAYS,
  SERIES_EXPORT_COLUMNS,
  TABLE_EXPORT_COLUMNS,
  WidgetTableExportResponse,
} from '../schemas/data-export.js';
import { tableScope } from './widgets.js';
import { visibleDevice } from './company-access.js';

const DAY_MS = 86_400_000;

/** A stored value (JSON text) as a spreadsheet cell: numbers stay numbers, text stays text, the rest as JSON. */
function cellOf(stored: string): string | number {
  const value = JSON.parse(stored) as unknown;
  if (typeof value === 'number' || typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The export's period: `to` defaults to now, `from` to a week before it; reversed or too long is refused. */
function exportPeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date): { from: string; to: string } {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_SERIES_EXPORT_DAYS * DAY_MS);
  if (from > to) throw invalid({ from: { code: 'range_reversed' } });
  if (to.getTime() - from.getTime() > MAX_SERIES_EXPORT_DAYS * DAY_MS)
    throw invalid({ from: { code: 'period_too_long', params: { limit: MAX_SERIES_EXPORT_DAYS } } });
  return { from: from.toISOString(), to: to.toISOString() };
}

/**
 * CSV exports of what the console shows (issue #18): a device's time series over a period, and a
 * table widget's rows. Both are streamed a page at a time and named after the company and the day.
 */
export async function dataExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { companies, dataExport, widgets } = ctx.repos;
  const day = () => ctx.now().toISOString().slice(0, 10);
  const companyPart = async (request: FastifyRequest, companyId: string) =>
    fileNamePart((await companies.find(request.identity.userId, companyId))?.name ?? '');

  // Typed by hand rather than by the type provider: the answers are streams of CSV (see device-export.ts).
  app.get<{ Params: Static<typeof IdParams>; Querystring: DeviceSeriesExportQuery }>(
    '/device/:id/topics/export',
    {
      schema: {
        operationId: 'exportDeviceSeries',
        summary: "Export a device's time series of a period as CSV",
        tags: ['devices'],
        params: IdParams,
        querystring: DeviceSeriesExportQuery,
        response: { 200: DeviceSeriesExportResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const device = await visibleDevice(ctx, request.identity.userId, request.params.id);
      const period = exportPeriod(request.query, ctx.now());
      const pages = dataExport.samples(device.id, { ...period, topic: request.query.topic });
      // Metered as every time-series read (1 token per started week the samples span), charged
      // when the last line is written: the span is known only then.
      async function* lines() {
        yield csvLine(SERIES_EXPORT_COLUMNS);
        let first: string | undefined;
        let last: string | undefined;
        for await (const samples of pages) {
          for (const sample of samples) {
            if (first === undefined || sample.ts < first) first = sample.ts;
            if (last === undefined || sample.ts > last) last = sample.ts;
          }
          yield samples.map((sample) => csvLine([sample.topic, sample.ts, cellOf(sample.value)])).join('');
        }
        if (first !== undefined && last !== undefined) request.metering?.charge(retrievalTokens([first, last]));
      }
      const name = `${fileNamePart(device.name || device.dev_eui)}-data-${await companyPart(request, device.company_id)}-${day()}`;
      return sendCsv(reply, name, lines());
    },
  );

  app.get<{ Params: Static<typeof IdParams> }>(
    '/widget/:id/export',
    {
      schema: {
        operationId: 'exportWidgetTable',
        summary: "Export a table widget's rows as CSV",
        tags: ['dashboards'],
        params: IdParams,
        response: { 200: WidgetTableExportResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const widget = await widgets.find(request.identity.userId, request.params.id);
      if (!widget) throw notFound();
      if (widget.type !== 'TABLE') throw invalid({ id: { code: 'widget_not_table' } });
      const scope = tableScope(widget);
      const pages = scope ? dataExport.table(widget.company_id, scope, widget.topic) : undefined;
      async function* lines() {
        yield csvLine(TABLE_EXPORT_COLUMNS);
        if (!pages) return;
        for await (const rows of pages) yield rows.map((row) => csvLine([row.device_name, row.dev_eui, row.topic, cellOf(row.value), row.timestamp])).join('');
      }
      const name = `${fileNamePart(widget.title)}-${await companyPart(request, widget.company_id)}-${day()}`;
      return sendCsv(reply, name, lines());
    },
  );
}
