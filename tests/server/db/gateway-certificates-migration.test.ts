import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../server/src/db/database.js';
import { emptyDatabase } from '../helpers/empty-database.js';
import { migrateTo } from '../../../server/src/db/migrate.js';
import { gatewayCertificatesRepository } from '../../../server/src/repositories/gateway-certificates.js';

const AT = '2026-11-22T10:00:00.000Z';
const EXPIRES = '2027-11-22T10:00:00.000Z';
const COMPANY = '00000000-0000-4000-8000-000000000001';

// Gateways in the field before migration 0018 keep their latest certificate; nothing else of theirs is admitted.
describe('migration 0018_gateway_certificates', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await emptyDatabase();
    const db = database.db;
    await migrateTo(db, '0015_claims_and_housekeeping');
    await sql`insert into companies (id, name, created_at) values (${COMPANY}, 'Winery', ${AT})`.execute(db);
    // Serials as the issuer wrote them: lower case, a leading zero digit.
    await sql`insert into gateways (id, company_id, gateway_id, name, connected, cert_expires_at, cert_serial, created_at)
      values ('g1', ${COMPANY}, 'B827EBFFFE000001', 'Roof', 0, ${EXPIRES}, '0a1b2c3d4e5f60718293a4b5c6d7e8f9', ${AT}),
             ('g2', ${COMPANY}, 'B827EBFFFE000002', 'Cellar', 0, null, null, ${AT})`.execute(db);
    await migrateTo(db, '0018_gateway_certificates');
  });
  afterAll(async () => {
    await database.close();
  });

  it("admits each gateway's recorded certificate, as the broker reads its serial, and no other", async () => {
    // The repository reads today's schema: its admission also asks whether the company is suspended (0028).
    await migrateTo(database.db, '0028_plan_overrides');
    const certificates = gatewayCertificatesRepository(database.db);
    const roof = { gatewayId: 'B827EBFFFE000001', serial: '0A1B2C3D4E5F60718293A4B5C6D7E8F9' };
    // The same serial under another gateway's CN, and an unknown serial: refused.
    const admitted = await certificates.admitted([roof, { ...roof, gatewayId: 'B827EBFFFE000002' }, { ...roof, serial: '1111' }]);
    expect(admitted).toEqual([roof]);
    // Issued before the table: no PEM to download again.
    expect(await certificates.current('g1')).toBeUndefined();
    const gateways = await sql<{ cert_serial: string | null }>`select cert_serial from gateways order by id`.execute(database.db);
    expect(gateways.rows.map((row) => row.cert_serial)).toEqual(['A1B2C3D4E5F60718293A4B5C6D7E8F9', null]);
  });

  it('goes down to the schema before', async () => {
    await migrateTo(database.db, '0015_claims_and_housekeeping');
    await expect(sql`select serial from gateway_certificates`.execute(database.db)).rejects.toThrow();
  });
});
