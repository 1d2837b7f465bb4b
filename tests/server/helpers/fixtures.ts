import { createTestApp, type TestApp } from './test-app.js';
import { call, signUp, type SignedIn } from './users.js';

/** Two users on a fresh app, each owning one company: the setup of most resource tests. */
export interface TwoCompanies {
  t: TestApp;
  alice: SignedIn;
  bob: SignedIn;
  company: string;
  bobCompany: string;
}

export async function twoCompanies(env: Record<string, string> = {}): Promise<TwoCompanies> {
  const t = await createTestApp(env);
  const alice = await signUp(t.app);
  const bob = await signUp(t.app);
  const company = (await call(t.app, alice, 'POST', '/api/company/', { name: 'Alice company' })).json<{ id: string }>().id;
  const bobCompany = (await call(t.app, bob, 'POST', '/api/company/', { name: 'Bob company' })).json<{ id: string }>().id;
  return { t, alice, bob, company, bobCompany };
}
