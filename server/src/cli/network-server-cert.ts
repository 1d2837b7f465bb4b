import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { openSecretSettings } from '../secrets/sealed-settings.js';
import { networkServerCertCommand } from './network-server-cert-command.js';
import { networkServerCertificatesRepository } from '../repositories/network-server-certificates.js';

/** `npm run network-server:cert -- [directory] | --revoke` with the configured database's CA (see network-server-cert-command.ts). */
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await migrateToLatest(database.db);
  const settings = await openSecretSettings(database.db, config.secrets);
  const { ok, output } = await networkServerCertCommand(settings, networkServerCertificatesRepository(database.db), process.argv.slice(2), config.dataDir);
  (ok ? console.log : console.error)(output);
  process.exitCode = ok ? 0 : 2;
} finally {
  await database.close();
}
