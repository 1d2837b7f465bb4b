import { gatewayCertificates } from '../../../server/src/dataplane/pki/gateway-certificates.js';
import type { PlatformCa } from '../../../server/src/dataplane/pki/ca.js';
import { openSecretSettings } from '../../../server/src/secrets/sealed-settings.js';
import type { TestApp } from './test-app.js';

/** The CA the test app signs gateway certificates with: it lives in the database, its key sealed with the app's key. */
export async function platformCa(t: TestApp): Promise<PlatformCa> {
  return gatewayCertificates(await openSecretSettings(t.db, t.config.secrets), 365).ca();
}
