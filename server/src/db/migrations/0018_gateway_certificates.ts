import { sql, type Kysely } from 'kysely';

// Gateway certificates by serial (issue #16): the broker admits a gateway's certificate only
// while it is the gateway's current one. Issuing a new certificate revokes the previous ones;
// deleting the gateway revokes all of them. A row names the gateway record it was issued for
// (`gateway_ref`, the gateways row id), not only its gateway ID: a gateway ID deleted and
// registered again, by another company say, never takes over certificates of the earlier record.
// Rows outlive their gateway (revoked), so the serials of deleted gateways stay known.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_certificates')
    // Upper-case hex without leading zeros, as the broker reads it from the TLS handshake.
    .addColumn('serial', 'text', (c) => c.primaryKey())
    .addColumn('gateway_ref', 'text', (c) => c.notNull())
    .addColumn('gateway_id', 'text', (c) => c.notNull())
    // The certificate itself (no key), for downloading the bundle again; null for those issued before this table.
    .addColumn('cert_pem', 'text')
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('gateway_certificates_gateway_idx').on('gateway_certificates').columns(['gateway_ref', 'revoked_at']).execute();

  // Certificates issued before: only each gateway's latest was recorded, and it stays valid, so
  // gateways already in the field keep connecting; every earlier one is unknown and refused.
  await sql`
    insert into gateway_certificates (serial, gateway_ref, gateway_id, cert_pem, issued_at, expires_at, revoked_at)
    select ltrim(upper(cert_serial), '0'), id, gateway_id, null, created_at, cert_expires_at, null
    from gateways
    where cert_serial is not null and cert_expires_at is not null
  `.execute(db);
  await sql`update gateways set cert_serial = ltrim(upper(cert_serial), '0') where cert_serial is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_certificates').execute();
}
