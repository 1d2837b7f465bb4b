import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Static } from 'typebox';
import type { FdiStatusResponse } from '../../../server/src/schemas/auth.js';

let counter = 0;
export const uniqueEmail = (label = 'user'): string => `${label}-${Date.now()}-${++counter}@example.com`;
export const PASSWORD = 'correct horse 42';

/** A signed-in user in header mode: `headers` authenticate injected requests. */
export interface SignedIn {
  id: string;
  email: string;
  headers: Record<string, string>;
  refreshToken: string;
}

export async function signUp(app: FastifyInstance, email = uniqueEmail(), password = PASSWORD): Promise<SignedIn> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'st-auth-mode': 'header', rid: 'emailpassword' },
    payload: {
      formFields: [
        { id: 'email', value: email },
        { id: 'password', value: password },
      ],
    },
  });
  const body = response.json<Static<typeof FdiStatusResponse>>();
  if (body.status !== 'OK' || !body.user) throw new Error(`sign-up failed: ${response.body}`);
  return {
    id: body.user.id,
    email,
    headers: { authorization: `Bearer ${String(response.headers['st-access-token'])}`, 'st-auth-mode': 'header' },
    refreshToken: String(response.headers['st-refresh-token']),
  };
}

/** What every list route answers (schemas/common.ts Page): one page of results and the total count. */
export interface Page<T> {
  count: number;
  results: T[];
}

/** The HTTP verbs of the API: what `call` sends, and what tests' tables of attempts list. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Injects a JSON call as the given user. */
export function call(app: FastifyInstance, user: SignedIn, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Injects a JSON call authenticated by an API key (`Authorization: Bearer <key>`) instead of a session. */
export function callWithKey(app: FastifyInstance, key: string, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: { authorization: `Bearer ${key}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
}
