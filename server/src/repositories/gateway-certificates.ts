import type { Db } from '../db/database.js';
import { normaliseSerial } from '../domain/certificate-serial.js';

/** A certificate as the broker presents it: the gateway ID of its CN and its serial. */
export interface PresentedGatewayCertificate {
  gatewayId: string;
  serial: string;
}

export interface IssuedGatewayCertificate {
  serial: string;
  certPem: string;
  issuedAt: string;
  expiresAt: string;
}

const IN_LIST_CHUNK = 500;

/**
 * The certificates issued to gateways (migration 0018). A certificate is admitted while it is
 * not revoked and the gateway record it was issued for still exists under the certificate's
 * gateway ID; `issue` revokes the gateway's earlier ones, `revokeAll` all of them.
 */
export function gatewayCertificatesRepository(db: Db) {
  const admittedQuery = () =>
    db
      .selectFrom('gateway_certificates as c')
      .innerJoin('gateways as g', (join) => join.onRef('g.id', '=', 'c.gateway_ref').onRef('g.gateway_id', '=', 'c.gateway_id'))
      .where('c.revoked_at', 'is', null);

  return {
    /** Records a new certificate of the gateway and revokes its earlier ones; run it in the transaction that issues. */
    async issue(gatewayRef: string, gatewayId: string, certificate: IssuedGatewayCertificate): Promise<void> {
      const serial = normaliseSerial(certificate.serial);
      await db
        .updateTable('gateway_certificates')
        .set({ revoked_at: certificate.issuedAt })
        .where('gateway_ref', '=', gatewayRef)
        .where('revoked_at', 'is', null)
        .execute();
      await db
        .insertInto('gateway_certificates')
        .values({
          serial,
          gateway_ref: gatewayRef,
          gateway_id: gatewayId,
          cert_pem: certificate.certPem,
          issued_at: certificate.issuedAt,
          expires_at: certificate.expiresAt,
          revoked_at: null,
        })
        .execute();
    },

    async revokeAll(gatewayRef: string, at: string): Promise<void> {
      await db.updateTable('gateway_certificates').set({ revoked_at: at }).where('gateway_ref', '=', gatewayRef).where('revoked_at', 'is', null).execute();
    },

    /** The gateway's certificate in force, if one was issued through this table (with its PEM). */
    async current(gatewayRef: string): Promise<{ certPem: string; expiresAt: string } | undefined> {
      const row = await admittedQuery()
        .select(['c.cert_pem', 'c.expires_at'])
        .where('c.gateway_ref', '=', gatewayRef)
        .where('c.cert_pem', 'is not', null)
        .orderBy('c.issued_at', 'desc')
        .executeTakeFirst();
      return row?.cert_pem ? { certPem: row.cert_pem, expiresAt: row.expires_at } : undefined;
    },

    /** Of the presented certificates, those admitted now (the same objects; not of a suspended company): one query per 500. */
    async admitted<T extends PresentedGatewayCertificate>(certificates: readonly T[]): Promise<T[]> {
      // The serial with the gateway ID of the CN: a serial admits only the gateway it was issued to.
      const pair = (serial: string, gatewayId: string) => `${serial}/${gatewayId}`;
      const found = new Set<string>();
      const serials = [...new Set(certificates.map((c) => normaliseSerial(c.serial)))];
      for (let start = 0; start < serials.length; start += IN_LIST_CHUNK) {
        const rows = await admittedQuery()
          // A suspended company's gateways are refused too (issue #17), and dropped at the next recheck.
          .innerJoin('companies', 'companies.id', 'g.company_id')
          .where('companies.suspended_at', 'is', null)
          .select(['c.serial', 'c.gateway_id'])
          .where('c.serial', 'in', serials.slice(start, start + IN_LIST_CHUNK))
          .execute();
        for (const row of rows) found.add(pair(row.serial, row.gateway_id));
      }
      return certificates.filter((c) => found.has(pair(normaliseSerial(c.serial), c.gatewayId)));
    },
  };
}

export type GatewayCertificatesRepository = ReturnType<typeof gatewayCertificatesRepository>;
