import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, fileNamePart } from '../../../server/src/domain/csv.js';
import { insertDevice, twoCompanies } from '../helpers/fixtures.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type SignedIn } from '../helpers/users.js';

// The device export (issue #18): the list's filters and order as CSV, streamed, named after the
// company and the day, only the caller's devices, and cells a spreadsheet cannot run as formulas.
describe('GET /api/device/export', () => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let company: string;
  let bobCompany: string;

  beforeAll(async () => {
    ({ t, alice, bob, company, bobCompany } = await twoCompanies());
    await t.db.updateTable('companies').set({ name: 'Müller Facility Services' }).where('id', '=', company).execute();
    await insertDevice(t, { company_id: company, dev_eui: 'A840410000000002', name: 'Boiler, cellar', power_source: 'battery', battery_level: 12 });
    await insertDevice(t, { company_id: company, dev_eui: 'A840410000000001', name: '=HYPERLINK("http://evil")' });
    await insertDevice(t, { company_id: company, dev_eui: 'A840410000000003', name: 'Pump "north"', last_seen: '2026-11-27T10:00:00.000Z' });
    await insertDevice(t, { company_id: bobCompany, dev_eui: 'B840410000000001', name: 'Bob secret' });
  });
  afterAll(async () => t.close());

  const lines = (body: string) => body.split('\r\n').filter((line) => line !== '');

  it("answers the company's devices as CSV in the list's order, named after the company and the day", async () => {
    const answer = await call(t.app, alice, 'GET', `/api/device/export?company_id=${company}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="devices-muller-facility-services-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(lines(answer.body)).toEqual([
      'name,dev_eui,join_eui,profile,unit,last_seen,power_status,battery_level,created_at',
      expect.stringMatching(/^"'=HYPERLINK\(""http:\/\/evil""\)",A840410000000001,0000000000000000,,,,unknown,,/),
      expect.stringMatching(/^"Boiler, cellar",A840410000000002,0000000000000000,,,,battery_low,12,/),
      expect.stringMatching(/^"Pump ""north""",A840410000000003,0000000000000000,,,2026-11-27T10:00:00.000Z,unknown,,/),
    ]);
    expect(answer.body).not.toContain('Bob secret');
    expect(answer.body).not.toContain('AAAAAAAA');
  });

  it("applies the list's filters and ordering", async () => {
    const low = await call(t.app, alice, 'GET', `/api/device/export?company_id=${company}&power_status=battery_low`);
    expect(
      lines(low.body)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['"Boiler']);
    const seen = await call(t.app, alice, 'GET', `/api/device/export?company_id=${company}&ordering=-last_seen&search=pump`);
    expect(lines(seen.body)).toHaveLength(2);
    expect(lines(seen.body)[1]).toContain('A840410000000003');
  });

  it('without a company, exports every company of the caller and no other', async () => {
    const all = await call(t.app, bob, 'GET', '/api/device/export');
    expect(all.headers['content-disposition']).toMatch(/filename="devices-all-companies-/);
    expect(lines(all.body).slice(1)).toEqual([expect.stringMatching(/^Bob secret,B840410000000001,/)]);
  });

  it("answers 404 for another company's id and 400 for bad filters", async () => {
    expect((await call(t.app, bob, 'GET', `/api/device/export?company_id=${company}`)).statusCode).toBe(404);
    const bad = await call(t.app, alice, 'GET', '/api/device/export?power_status=purple&page=2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation' });
  });

  it('streams a fleet larger than one page', async () => {
    const rows = Array.from({ length: 2500 }, (_, n) => ({
      id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
      company_id: bobCompany,
      dev_eui: `C8404100${n.toString(16).toUpperCase().padStart(8, '0')}`,
      name: `Meter ${String(n).padStart(4, '0')}`,
      join_eui: '0000000000000000',
      app_key: 'A'.repeat(32),
      profile_id: null,
      unit_id: null,
      last_seen: null,
      power_source: 'unknown' as const,
      battery_level: null,
      created_at: '2026-11-01T00:00:00.000Z',
    }));
    for (let i = 0; i < rows.length; i += 500)
      await t.db
        .insertInto('devices')
        .values(rows.slice(i, i + 500))
        .execute();
    const answer = await call(t.app, bob, 'GET', `/api/device/export?company_id=${bobCompany}`);
    const names = lines(answer.body)
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(names).toHaveLength(2501);
    expect(new Set(names).size).toBe(2501);
    expect(names.slice(0, 2)).toEqual(['Bob secret', 'Meter 0000']);
  });
});

describe('CSV cells', () => {
  it('quotes, doubles quotes and disarms formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('+1234')).toBe("'+1234");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell(-97)).toBe('-97');
    expect(csvCell(null)).toBe('');
  });

  it('makes file names of company names', () => {
    expect(fileNamePart('Müller Facility Services')).toBe('muller-facility-services');
    expect(fileNamePart('***')).toBe('export');
  });
});
