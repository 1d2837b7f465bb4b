import type { Db } from '../db/database.js';
import { normaliseSerial } from '../domain/certificate-serial.js';

/**
 * Not a serial (those are hex): the row `revokeAll` writes when nothing was recorded yet, so the
 * certificates issued before tracking (admitted while the table is empty) are refused from then on.
 */
const UNTRACKED_MARK = 'untracked';

/**
 * The network server's broker client certificates (migration 0020). One is admitted while it is
 * recorded and not revoked; issuing a new one revokes the earlier ones.
 */
export function networkServerCertificatesRepository(db: Db) {
  const revokeIn = (executor: Db, at: string) =>
    executor.updateTable('network_server_certificates').set({ revoked_at: at }).where('revoked_at', 'is', null).executeTakeFirst();

  return {
    /** Records a new certificate and revokes every earlier one, in one transaction. */
    async issue(serial: string, issuedAt: string, expiresAt: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await revokeIn(trx, issuedAt);
        await trx
          .insertInto('network_server_certificates')
          .values({ serial: normaliseSerial(serial), issued_at: issuedAt, expires_at: expiresAt, revoked_at: null })
          .execute();
      });
    },

    /** Revokes every certificate in force, also those issued before tracking; answers how many recorded ones. */
    async revokeAll(at: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const revoked = Number((await revokeIn(trx, at)).numUpdatedRows);
        await trx
          .insertInto('network_server_certificates')
          .values({ serial: UNTRACKED_MARK, issued_at: at, expires_at: at, revoked_at: at })
          .onConflict((c) => c.column('serial').doNothing())
          .execute();
        return revoked;
      });
    },

    /** Whether the broker admits this certificate: recorded and not revoked, or any while nothing is recorded (issued before tracking). */
    async admitted(serial: string): Promise<boolean> {
      const own = await db.selectFrom('network_server_certificates').select('revoked_at').where('serial', '=', normaliseSerial(serial)).executeTakeFirst();
      if (own) return own.revoked_at === null;
      return (await db.selectFrom('network_server_certificates').select('serial').limit(1).executeTakeFirst()) === undefined;
    },
  };
}

export type NetworkServerCertificatesRepository = ReturnType<typeof networkServerCertificatesRepository>;
