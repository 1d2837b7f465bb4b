import type { Kysely } from 'kysely';

/**
 * Two decoders can turn an uplink into values (issue #14): ChirpStack's, whose result arrives as the
 * event's `object`, and the profile's codec run here. A profile says which one wins when both can
 * (`network_server` or `profile_codec`, domain/decoders.ts); existing profiles keep what ingest did
 * before, the network server's. Each topic's last value records which one produced it; values
 * stored before this migration stay without (null), since nothing says which it was.
 *
 * Templates do not carry the choice: it depends on how a company set up its network server (whether
 * ChirpStack decodes at all, with which codec), not on the device model a template describes.
 * The value is written out here, not taken from domain/decoders.ts, so the migration keeps doing
 * what it did when it shipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('profiles')
    .addColumn('decoder_precedence', 'text', (c) => c.notNull().defaultTo('network_server'))
    .execute();
  await db.schema.alterTable('device_topics').addColumn('decoded_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('device_topics').dropColumn('decoded_by').execute();
  await db.schema.alterTable('profiles').dropColumn('decoder_precedence').execute();
}
