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

/**
 * Opens a server-sent-events stream by injection: resolves with the status once the headers are
 * written, with the body of a refusal (a stream that opened is cut off; its body never ends).
 */
export async function callStream(
  app: FastifyInstance,
  headers: Record<string, string>,
  url: string,
): Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }> {
  const controller = new AbortController();
  const response = await app.inject({ method: 'GET', url, headers, payloadAsStream: true, signal: controller.signal });
  const stream = response.stream();
  if (response.statusCode === 200) {
    stream.on('error', () => undefined);
    controller.abort();
    return { statusCode: 200, body: '', headers: response.headers };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return { statusCode: response.statusCode, body: Buffer.concat(chunks).toString('utf8'), headers: response.headers };
}
