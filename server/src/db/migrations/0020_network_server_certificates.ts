import type { Kysely } from 'kysely';

// The network server's broker client certificates by serial (issue #16), like the gateways'
// (0018): the broker admits one only while it is not revoked, and `npm run network-server:cert`
// revokes the earlier ones when it issues a new one (or, with --revoke, without issuing).
// Certificates issued before this table have no row; they are admitted while the table is empty,
// so a network server in the field keeps connecting until the operator issues or revokes once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('network_server_certificates')
    // Upper-case hex without leading zeros, as the broker reads it from the TLS handshake.
    .addColumn('serial', 'text', (c) => c.primaryKey())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('network_server_certificates').execute();
}
