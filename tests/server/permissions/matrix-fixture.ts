import { randomUUID } from 'node:crypto';
import { createApiKey, createCompany, createRecord, insertDevice } from '../helpers/fixtures.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { call, signUp, type SignedIn } from '../helpers/users.js';
import type { CompanyRole } from '../../../server/src/domain/roles.js';
import type { ApiKeyWithSecret } from '../../../server/src/schemas/api-keys.js';

export const PRINCIPALS = ['owner', 'admin', 'member', 'viewer', 'outsider'] as const;
export type Principal = (typeof PRINCIPALS)[number];
export const CREDENTIALS = ['session', 'company key', 'all-companies key', 'read-only key'] as const;
export type Credential = (typeof CREDENTIALS)[number];

interface Person {
  user: SignedIn;
  keys: Record<Exclude<Credential, 'session'>, string>;
}

/**
 * Company C with an owner, an admin, a member and a viewer, and an outsider with a company of
 * their own; each with a session and three API keys (scoped to their company, all companies,
 * read-only). Records of C the matrix's calls act on, and factories of fresh ones for calls that
 * use them up (deletes, leaving, transfers).
 */
export class MatrixFixture {
  readonly ids: Record<string, string> = {};
  private serial = 0;

  private constructor(
    readonly t: TestApp,
    readonly people: Record<Principal, Person>,
    readonly company: string,
  ) {}

  static async create(): Promise<MatrixFixture> {
    // Webhooks to a closed loopback port: a test delivery is only queued, never reaches anyone.
    const t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
    const users = Object.fromEntries(await Promise.all(PRINCIPALS.map(async (p) => [p, await signUp(t.app)] as const))) as Record<Principal, SignedIn>;
    const company = await createCompany(t, users.owner, 'Company C');
    const outsiderCompany = await createCompany(t, users.outsider, 'Company O');
    // Unlimited devices: the matrix creates many.
    await t.db.updateTable('companies').set({ plan: 'enterprise' }).execute();
    for (const role of ['admin', 'member', 'viewer'] as const) await addMember(t, company, users[role].id, role);
    const people = {} as Record<Principal, Person>;
    for (const p of PRINCIPALS) {
      await call(t.app, users[p], 'PUT', '/api/user/', { is_tenant_enabled: true });
      const own = p === 'outsider' ? outsiderCompany : company;
      people[p] = {
        user: users[p],
        keys: {
          'company key': await keyOf(t, users[p], { company_id: own }),
          'all-companies key': await createApiKey(t, users[p], 'all'),
          'read-only key': await keyOf(t, users[p], { read_only: true }),
        },
      };
    }
    const f = new MatrixFixture(t, people, company);
    await f.seed();
    return f;
  }

  private async seed(): Promise<void> {
    const owner = this.people.owner.user;
    const make = (url: string, body: object) => createRecord(this.t, owner, url, body);
    this.ids.profile = await make(`/api/config/${this.company}`, { name: 'Profile' });
    this.ids.group = await make('/api/group/', { company_id: this.company, name: 'Group' });
    this.ids.unit = await make('/api/unit/', { company_id: this.company, name: 'Unit' });
    this.ids.device = await this.device();
    this.ids.gateway = await this.gateway();
    this.ids.dashboard = await this.dashboard();
    this.ids.widget = await this.widget();
    this.ids.webhook = await this.webhook();
    // A bulk job to watch and cancel (no runner here: it stays queued and touches nothing).
    const job = await call(this.t.app, owner, 'POST', '/api/bulk-job/', { company_id: this.company, kind: 'move', ids: [this.ids.device], unit: null });
    this.ids.bulkJob = job.json<{ id: string }>().id;
    // A certificate to download, and a sync record to retry (standalone keeps none of its own).
    await call(this.t.app, owner, 'POST', `/api/gateway/${this.ids.gateway}/cert`);
    await this.t.db
      .insertInto('network_sync')
      .values({
        kind: 'device',
        entity_id: this.ids.device,
        company_id: this.company,
        state: 'failed',
        remote_id: null,
        error_code: null,
        error_message: null,
        updated_at: this.t.clock.now().toISOString(),
      })
      .execute();
  }

  next(): number {
    return ++this.serial;
  }

  devEui(): string {
    return `C0DE${this.next().toString(16).toUpperCase().padStart(12, '0')}`;
  }

  gatewayEui(): string {
    return `6A7E${this.next().toString(16).toUpperCase().padStart(12, '0')}`;
  }

  device(): Promise<string> {
    return insertDevice(this.t, { company_id: this.company, dev_eui: this.devEui(), name: 'Device' });
  }

  gateway(): Promise<string> {
    return createRecord(this.t, this.people.owner.user, '/api/gateway/', { company_id: this.company, gateway_id: this.gatewayEui() });
  }

  dashboard(): Promise<string> {
    return createRecord(this.t, this.people.owner.user, '/api/dashboard/', { company_id: this.company, name: 'Shared', is_shared: true });
  }

  widget(): Promise<string> {
    return createRecord(this.t, this.people.owner.user, '/api/widget/', widgetBody(this.ids.dashboard ?? ''));
  }

  /** A webhook to delete; those that denied calls left behind go first (a company has at most 10). */
  async webhook(): Promise<string> {
    if (this.ids.webhook) await this.t.db.deleteFrom('webhooks').where('company_id', '=', this.company).where('id', '!=', this.ids.webhook).execute();
    return createRecord(this.t, this.people.owner.user, '/api/webhook/', { company_id: this.company, url: 'http://127.0.0.1:9/hook' });
  }

  invite(options: { is_open?: boolean } = {}): Promise<string> {
    return createRecord(this.t, this.people.owner.user, '/api/invite/', { company_id: this.company, email: `x${this.next()}@example.com`, ...options });
  }

  /** An open code of a company of its own (J): joining it must not make the outsider a member of C. */
  async inviteCode(): Promise<string> {
    this.ids.joinable ??= await createCompany(this.t, this.people.owner.user, 'Company J');
    const response = await call(this.t.app, this.people.owner.user, 'POST', '/api/invite/', {
      company_id: this.ids.joinable,
      email: `open${this.next()}@example.com`,
      is_open: true,
    });
    return response.json<{ code: string }>().code;
  }

  profile(): Promise<string> {
    return createRecord(this.t, this.people.owner.user, `/api/config/${this.company}`, { name: `Profile ${this.next()}` });
  }

  /** A rule to change, read or delete. */
  rule(): Promise<string> {
    return createRecord(this.t, this.people.owner.user, '/api/rule/', this.ruleBody());
  }

  ruleBody(): object {
    return { ...this.previewBody(), name: `Rule ${this.next()}`, actions: [{ type: 'notification', members: 'all' }] };
  }

  /** What a rule's 24 h preview is asked with: its scope and condition. */
  previewBody(): object {
    return {
      company_id: this.company,
      scope: 'company',
      scope_id: null,
      condition: { match: 'all', conditions: [{ type: 'topic', topic: 'temperature', op: 'gt', value: 8 }] },
    };
  }

  unit(): Promise<string> {
    return createRecord(this.t, this.people.owner.user, '/api/unit/', { company_id: this.company, name: `Unit ${this.next()}` });
  }

  group(): Promise<string> {
    return createRecord(this.t, this.people.owner.user, '/api/group/', { company_id: this.company, name: `Group ${this.next()}` });
  }

  /** A fresh company with the same four people in the same roles (for deleting, leaving, transferring). */
  async freshCompany(): Promise<string> {
    const id = await createCompany(this.t, this.people.owner.user, `Fresh ${this.next()}`);
    for (const role of ['admin', 'member', 'viewer'] as const) await addMember(this.t, id, this.people[role].user.id, role);
    return id;
  }

  /** A member of C with no role in the matrix: the target of role changes and removals. */
  async bystander(): Promise<string> {
    const id = randomUUID();
    const at = this.t.clock.now().toISOString();
    await this.t.db
      .insertInto('users')
      .values({
        id,
        email: `by${this.next()}@example.com`,
        password_hash: 'x',
        first_name: '',
        last_name: '',
        profile_picture: null,
        is_tenant_enabled: 0,
        is_onboarded: 0,
        language: 'en',
        email_verified: 0,
        created_at: at,
      })
      .execute();
    await addMember(this.t, this.company, id, 'viewer');
    return id;
  }

  async notification(userId: string): Promise<string> {
    const id = randomUUID();
    await this.t.db
      .insertInto('notifications')
      .values({
        id,
        user_id: userId,
        company_id: null,
        kind: 'battery_low',
        title: 'Battery low: x',
        message: 'x',
        params: JSON.stringify({ name: 'x', level: 5 }),
        is_read: 0,
        dedupe_key: null,
        created_at: this.t.clock.now().toISOString(),
      })
      .execute();
    return id;
  }

  /** A change of address waiting for its link (what POST /user/email-change leaves behind). */
  async pendingEmailChange(userId: string): Promise<void> {
    const at = this.t.clock.now();
    await this.t.db
      .insertInto('account_tokens')
      .values({
        token_hash: randomUUID(),
        purpose: 'email_change',
        user_id: userId,
        email: `new-${this.next()}@example.com`,
        expires_at: new Date(at.getTime() + 3_600_000).toISOString(),
        used_at: null,
        created_at: at.toISOString(),
      })
      .execute();
  }

  apiKey(user: SignedIn): Promise<string> {
    return createRecord(this.t, user, '/api/api-keys/', { name: `Key ${this.next()}` });
  }

  tenant(user: SignedIn): Promise<string> {
    return createRecord(this.t, user, '/api/tenant/', { name: `Tenant ${this.next()}` });
  }
}

export const widgetBody = (dashboard: string): object => ({
  dashboard,
  type: 'TABLE',
  data_source_mode: 'device',
  width: 2,
  height: 2,
  positionX: 0,
  positionY: 0,
});

async function addMember(t: TestApp, company: string, userId: string, role: CompanyRole): Promise<void> {
  await t.db.insertInto('company_members').values({ company_id: company, user_id: userId, role, joined_at: t.clock.now().toISOString() }).execute();
}

async function keyOf(t: TestApp, user: SignedIn, scope: object): Promise<string> {
  const response = await call(t.app, user, 'POST', '/api/api-keys/', { name: 'scoped', ...scope });
  if (response.statusCode !== 201) throw new Error(`key: ${response.body}`);
  return response.json<ApiKeyWithSecret>().key;
}
