import type { Kysely } from 'kysely';

// Presence of gateways per API node (issue #24): a gateway's connection is recorded with the node
// that holds it and a heartbeat the node refreshes. The gateway's `connected` flag follows these
// rows (it is still what lists filter and sort on): it turns false only when no node holds the
// gateway with a live heartbeat, so a gateway moving to another node is never "disconnected", and a
// node that dies leaves rows that expire.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('gateway_presence')
    .addColumn('gateway_id', 'text', (c) => c.notNull())
    .addColumn('node', 'text', (c) => c.notNull())
    .addColumn('connected_at', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('gateway_presence_pk', ['gateway_id', 'node'])
    .execute();
  // A node refreshes its own rows; the sweep finds expired ones.
  await db.schema.createIndex('gateway_presence_node_idx').on('gateway_presence').column('node').execute();
  await db.schema.createIndex('gateway_presence_heartbeat_idx').on('gateway_presence').column('heartbeat_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('gateway_presence').execute();
}
