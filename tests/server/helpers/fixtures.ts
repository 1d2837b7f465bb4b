import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Insertable } from 'kysely';
import type { DevicesTable } from '../../../server/src/db/schema.js';
import type { ApiKeyWithSecret } from '../../../server/src/schemas/api-keys.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import { call, signUp, type SignedIn } from './users.js';

/**
 * POSTs a record as the user, for setup the test is not about. A refusal throws, so that a
 * broken setup fails where it happened rather than in some later assertion.
 */
async function created(t: TestApp, user: SignedIn, url: string, body: object): Promise<LightMyRequestResponse> {
  const response = await call(t.app, user, 'POST', url, body);
  if (response.statusCode !== 201) throw new Error(`POST ${url} answered ${response.statusCode}: ${response.body}`);
  return response;
}

/** Creates a record (POST url) as the user and answers its id. */
export async function createRecord(t: TestApp, user: SignedIn, url: string, body: object): Promise<string> {
  return (await created(t, user, url, body)).json<{ id: string }>().id;
}

/** A company owned by the user; answers its id. */
export function createCompany(t: TestApp, user: SignedIn, name: string): Promise<string> {
  return createRecord(t, user, '/api/company/', { name });
}

/** An API key of the user; answers its secret, which the API shows only here. */
export async function createApiKey(t: TestApp, user: SignedIn, name: string): Promise<string> {
  return (await created(t, user, '/api/api-keys/', { name })).json<ApiKeyWithSecret>().key;
}

type DeviceRow = Insertable<DevicesTable>;

/**
 * Writes a device straight into the database and answers its id, for tests of what reads
 * devices (ingest, webhooks, widgets) that should not depend on the device routes. Columns
 * not given are those of a device that has never been heard from.
 */
export async function insertDevice(t: TestApp, device: Pick<DeviceRow, 'company_id' | 'dev_eui' | 'name'> & Partial<DeviceRow>): Promise<string> {
  const id = device.id ?? randomUUID();
  await t.db
    .insertInto('devices')
    .values({
      app_key: 'A'.repeat(32),
      profile_id: null,
      unit_id: null,
      last_seen: null,
      power_source: 'unknown',
      battery_level: null,
      created_at: t.clock.now().toISOString(),
      ...device,
      id,
    })
    .execute();
  return id;
}

/** Two signed-up users on a fresh app, with no company yet. */
export interface TwoUsers {
  t: TestApp;
  alice: SignedIn;
  bob: SignedIn;
}

export async function twoUsers(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TwoUsers> {
  const t = await createTestApp(env, undefined, options);
  const alice = await signUp(t.app);
  const bob = await signUp(t.app);
  return { t, alice, bob };
}

/** Two users on a fresh app, each owning one company: the setup of most resource tests. */
export interface TwoCompanies extends TwoUsers {
  company: string;
  bobCompany: string;
}

export async function twoCompanies(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TwoCompanies> {
  const { t, alice, bob } = await twoUsers(env, options);
  const company = await createCompany(t, alice, 'Alice company');
  const bobCompany = await createCompany(t, bob, 'Bob company');
  return { t, alice, bob, company, bobCompany };
}

/** One user owning one company on a fresh app: the setup of tests about a single tenant's data. */
export interface OneCompany {
  t: TestApp;
  owner: SignedIn;
  company: string;
}

export async function oneCompany(env: Record<string, string> = {}, name = 'Owner company'): Promise<OneCompany> {
  const t = await createTestApp(env);
  const owner = await signUp(t.app);
  const company = await createCompany(t, owner, name);
  return { t, owner, company };
}

/**
 * A company whose owner has a colleague in it, and an outsider with a company and an API key of
 * their own: the setup of the tests of what members share and outsiders never see.
 */
export interface TeamAndOutsider {
  t: TestApp;
  owner: SignedIn;
  colleague: SignedIn;
  outsider: SignedIn;
  outsiderKey: string;
  company: string;
  outsiderCompany: string;
}

export async function teamAndOutsider(): Promise<TeamAndOutsider> {
  const t = await createTestApp();
  const owner = await signUp(t.app);
  const colleague = await signUp(t.app);
  const outsider = await signUp(t.app);
  const company = await createCompany(t, owner, 'Team company');
  const outsiderCompany = await createCompany(t, outsider, 'Elsewhere');
  // Straight into the table: joining by invite is what invites.test.ts covers.
  await t.db
    .insertInto('company_members')
    .values({ company_id: company, user_id: colleague.id, role: 'member', joined_at: t.clock.now().toISOString() })
    .execute();
  const outsiderKey = await createApiKey(t, outsider, 'Outsider');
  return { t, owner, colleague, outsider, outsiderKey, company, outsiderCompany };
}
