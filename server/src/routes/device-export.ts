import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../context.js';
import { csvLine, fileNamePart } from '../domain/csv.js';
import { sendCsv } from '../http/csv-stream.js';
import { idFilter, searchText } from '../http/paging.js';
import { errorResponses } from '../schemas/common.js';
import { DEVICE_EXPORT_COLUMNS, DeviceExportQuery, DeviceExportResponse, type Device } from '../schemas/devices.js';
import { notFound } from '../http/errors.js';

const row = (device: Device) =>
  csvLine([
    device.name,
    device.dev_eui,
    device.join_eui,
    device.config_name,
    device.unit_name,
    device.last_seen,
    device.power_status,
    device.battery_level,
    device.created_at,
  ]);

/**
 * GET /api/device/export: the device list as CSV, with the list's filters and order, streamed a page
 * at a time (a fleet of 100,000 is never held in memory) and named after the company and the day.
 */
export async function deviceExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Typed by hand rather than by the type provider: the answer is a stream of CSV, which the
  // provider's reply type (derived from the response schemas) has no place for.
  app.get<{ Querystring: Static<typeof DeviceExportQuery> }>(
    '/device/export',
    {
      schema: {
        operationId: 'exportDevices',
        summary: "Export the device list as CSV, with the list's filters",
        tags: ['devices'],
        querystring: DeviceExportQuery,
        response: { 200: DeviceExportResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = request.identity;
      const q = request.query;
      let scope = 'all-companies';
      if (q.company_id) {
        // Another company's id is "no such" (404), as everywhere.
        const company = await ctx.repos.companies.find(userId, q.company_id);
        if (!company) throw notFound();
        scope = fileNamePart(company.name);
      }
      const filters = { companyId: q.company_id, ids: idFilter(q), search: searchText(q), profileId: q.profile, unitId: q.unit, powerStatus: q.power_status };
      const pages = ctx.repos.devices.matching(userId, filters, q.ordering ?? 'name');
      async function* lines() {
        yield csvLine(DEVICE_EXPORT_COLUMNS);
        for await (const devices of pages) yield devices.map(row).join('');
      }
      const day = ctx.now().toISOString().slice(0, 10);
      return sendCsv(reply, `devices-${scope}-${day}`, lines());
    },
  );
}
