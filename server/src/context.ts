import type { Config } from './config.js';
import type { Db, Dialect } from './db/database.js';
import type { SessionService } from './auth/sessions.js';
import type { GatewayCertificates } from './dataplane/pki/gateway-certificates.js';
import { companiesRepository } from './repositories/companies.js';
import { gatewaysRepository } from './repositories/gateways.js';
import { invitesRepository } from './repositories/invites.js';
import { profilesRepository } from './repositories/profiles.js';
import { templatesRepository } from './repositories/templates.js';
import { sessionsRepository } from './repositories/sessions.js';
import { tenantsRepository } from './repositories/tenants.js';
import { usersRepository } from './repositories/users.js';

/** What route plugins receive: configuration, the clock, repositories and services. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  now: () => Date;
  repos: ReturnType<typeof createRepositories>;
  sessions: SessionService;
  gatewayCertificates: GatewayCertificates;
}

export function createRepositories(db: Db) {
  return {
    users: usersRepository(db),
    sessions: sessionsRepository(db),
    companies: companiesRepository(db),
    tenants: tenantsRepository(db),
    invites: invitesRepository(db),
    profiles: profilesRepository(db),
    gateways: gatewaysRepository(db),
    templates: templatesRepository(db),
  };
}
