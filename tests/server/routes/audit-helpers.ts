import type { AuditEvent } from '../../../server/src/schemas/audit.js';
import type { TestApp } from '../helpers/test-app.js';
import { call, type Page, type SignedIn } from '../helpers/users.js';

/** The company's whole audit log as the user reads it through the API (newest first). */
export async function auditLog(t: TestApp, user: SignedIn, companyId: string, query = ''): Promise<AuditEvent[]> {
  const response = await call(t.app, user, 'GET', `/api/company/${companyId}/audit?page_size=1000${query}`);
  if (response.statusCode !== 200) throw new Error(`audit log answered ${response.statusCode}: ${response.body}`);
  return response.json<Page<AuditEvent>>().results;
}

/** The entries about one resource, oldest first. */
export async function entriesAbout(t: TestApp, user: SignedIn, companyId: string, resourceId: string): Promise<AuditEvent[]> {
  return (await auditLog(t, user, companyId, `&resource_id=${resourceId}`)).reverse();
}

/** Signs the user in with e-mail and password (a sign-in entry in each of their companies). */
export async function signIn(t: TestApp, email: string, password: string): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers: { 'st-auth-mode': 'header', rid: 'emailpassword' },
    payload: {
      formFields: [
        { id: 'email', value: email },
        { id: 'password', value: password },
      ],
    },
  });
  return response.statusCode;
}
