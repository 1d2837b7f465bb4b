import fs from 'node:fs/promises';
import path from 'node:path';
import { loadOrCreatePlatformCa } from '../dataplane/pki/ca.js';
import { issueNetworkServerCertificate } from '../dataplane/pki/issue.js';
import type { KeyValueStore } from '../repositories/settings.js';
import type { NetworkServerCertificatesRepository } from '../repositories/network-server-certificates.js';

export const NETWORK_SERVER_CERT_USAGE = 'usage: npm run network-server:cert -- [directory] | --revoke';
/** As long as the broker's own server certificate; the operator runs the command again to renew. */
export const NETWORK_SERVER_CERT_DAYS = 825;

/**
 * The operator's `npm run network-server:cert`: issues the network server's client certificate
 * for the embedded broker from the installation's CA and writes `ca.pem`, `cert.pem` and
 * `key.pem` (readable by the owner only) to the directory, by default DATA_DIR/network-server.
 * The certificate is recorded by serial and every earlier one is revoked: the broker refuses
 * them from then on (replacing a leaked one). `--revoke` revokes them all without issuing.
 * Answers the lines to print and whether it worked; the caller owns the database and exit code.
 */
export async function networkServerCertCommand(
  store: KeyValueStore,
  certificates: Pick<NetworkServerCertificatesRepository, 'issue' | 'revokeAll'>,
  args: readonly string[],
  dataDir: string,
  now: () => Date = () => new Date(),
): Promise<{ ok: boolean; output: string }> {
  if (args.length > 1) return { ok: false, output: NETWORK_SERVER_CERT_USAGE };
  if (args[0] === '--revoke') {
    const revoked = await certificates.revokeAll(now().toISOString());
    return {
      ok: true,
      output: `revoked ${revoked} network server certificate${revoked === 1 ? '' : 's'} (and any issued before they were recorded); the broker refuses them from now on. Issue a new one with npm run network-server:cert.`,
    };
  }
  if (args[0]?.startsWith('-')) return { ok: false, output: NETWORK_SERVER_CERT_USAGE };
  const directory = path.resolve(args[0] ?? path.join(dataDir, 'network-server'));
  const issued = await issueNetworkServerCertificate(await loadOrCreatePlatformCa(store), { validityDays: NETWORK_SERVER_CERT_DAYS });
  // Recorded before the files are written: a certificate on disk is always one the broker knows.
  await certificates.issue(issued.serialNumber, now().toISOString(), issued.expiresAt.toISOString());
  const files = { ca: path.join(directory, 'ca.pem'), cert: path.join(directory, 'cert.pem'), key: path.join(directory, 'key.pem') };
  await fs.mkdir(directory, { recursive: true, mode: 0o700 });
  await fs.writeFile(files.ca, issued.caCertPem);
  await fs.writeFile(files.cert, issued.certPem);
  // A fresh file, so an older key file's looser mode is not kept.
  await fs.rm(files.key, { force: true });
  await fs.writeFile(files.key, issued.keyPem, { mode: 0o600 });
  const output = [
    `network server certificate valid until ${issued.expiresAt.toISOString()}; for ChirpStack's [regions.gateway.backend.mqtt]:`,
    `ca_cert = "${files.ca}"`,
    `tls_cert = "${files.cert}"`,
    `tls_key = "${files.key}"`,
    'Earlier network server certificates are revoked: restart the network server with this one.',
  ];
  return { ok: true, output: output.join('\n') };
}
