import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { UsersTable } from '../db/schema.js';
import type { UsersRepository } from '../repositories/users.js';
import { HttpProblem, notFound } from '../http/errors.js';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import type { FailureLimiter } from './rate-limit.js';
import type { SessionService } from './sessions.js';
import { CredentialsBody, EmailExistsResponse, EmailQuery, FdiStatusResponse, FdiUser, LoginMethodsQuery } from '../schemas/auth.js';
import { sendUnauthorised } from './identity.js';
import { antiCsrfHeader, attachTokens, clearTokens, presentedAccessToken, presentedRefreshToken, transferMode, type CookieSettings } from './transport.js';
import { FIELD_ERROR_TEXTS, type FieldErrorCode } from '../schemas/messages.js';
import { publicErrorResponses } from '../schemas/common.js';

export interface AuthRouteDeps {
  users: UsersRepository;
  sessions: SessionService;
  limiter: FailureLimiter;
  cookies: CookieSettings;
  now: () => Date;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fdiUser(row: UsersTable): FdiUser {
  const timeJoined = new Date(row.created_at).getTime();
  return {
    id: row.id,
    isPrimaryUser: false,
    tenantIds: ['public'],
    emails: [row.email],
    phoneNumbers: [],
    thirdParty: [],
    webauthn: { credentialIds: [] },
    loginMethods: [{ recipeId: 'emailpassword', recipeUserId: row.id, tenantIds: ['public'], email: row.email, timeJoined, verified: false }],
    timeJoined,
  };
}

/** Reads email and password from the form fields; missing fields are the client's bug (400). */
function credentials(body: CredentialsBody): { email: string; password: string } {
  const value = (id: string): string => {
    const field = body.formFields.find((f) => f.id === id);
    if (!field || typeof field.value !== 'string') {
      throw new HttpProblem(400, 'validation', 'Are you sending too many / too few formFields?', { [id]: { code: 'required' } });
    }
    return field.value;
  };
  return { email: value('email').trim(), password: value('password') };
}

/** A form field's problem as the FDI answers it (English `error`), with its code for the console to translate. */
const fieldError = (id: string, code: FieldErrorCode) => ({ status: 'FIELD_ERROR', formFields: [{ id, error: FIELD_ERROR_TEXTS[code], code }] });

/** Tenant segments other than the single `public` tenant do not exist here. */
function tenantOf(request: FastifyRequest): string | undefined {
  return (request.params as { tenantId?: string } | undefined)?.tenantId;
}

function assertPublicTenant(request: FastifyRequest): void {
  const tenant = tenantOf(request);
  if (tenant !== undefined && tenant !== 'public') throw notFound('Unknown tenant');
}

/** The frontend-driver interface that supertokens-web-js 0.16 speaks (DESIGN §5). */
export async function authRoutes(app: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['auth'];

  for (const prefix of ['', '/:tenantId']) {
    api.post(
      `${prefix}/signup`,
      {
        schema: {
          operationId: 'signUp',
          summary: 'Create an account with e-mail and password and sign in',
          security: [],
          hide: prefix !== '',
          tags,
          body: CredentialsBody,
          response: { 200: FdiStatusResponse, ...publicErrorResponses },
        },
      },
      async (request, reply) => {
        assertPublicTenant(request);
        const { email, password } = credentials(request.body);
        if (!EMAIL_PATTERN.test(email)) return fieldError('email', 'email_invalid');
        const problem = passwordProblem(password);
        if (problem) return fieldError('password', problem);
        const user = await deps.users.create(email, await hashPassword(password), deps.now().toISOString());
        if (!user) return fieldError('email', 'email_taken');
        const mode = transferMode(request);
        attachTokens(reply, await deps.sessions.create(user.id, mode === 'cookie'), mode, deps.cookies);
        return { status: 'OK', user: fdiUser(user) };
      },
    );

    api.post(
      `${prefix}/signin`,
      {
        schema: {
          operationId: 'signIn',
          summary: 'Sign in with e-mail and password',
          security: [],
          hide: prefix !== '',
          tags,
          body: CredentialsBody,
          response: { 200: FdiStatusResponse, ...publicErrorResponses },
        },
      },
      async (request, reply) => {
        assertPublicTenant(request);
        const { email, password } = credentials(request.body);
        if (!EMAIL_PATTERN.test(email)) return fieldError('email', 'email_invalid');
        const limitKey = `${request.ip}|${email.toLowerCase()}`;
        const wait = deps.limiter.retryAfterSeconds(limitKey);
        if (wait > 0) {
          reply.header('retry-after', String(wait));
          throw new HttpProblem(429, 'rateLimited', `Too many failed sign-in attempts. Please try again in ${Math.ceil(wait / 60)} minutes.`);
        }
        const user = await deps.users.findByEmail(email);
        const valid = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
        if (!user || !valid) {
          deps.limiter.fail(limitKey);
          return { status: 'WRONG_CREDENTIALS_ERROR' };
        }
        deps.limiter.succeed(limitKey);
        const mode = transferMode(request);
        attachTokens(reply, await deps.sessions.create(user.id, mode === 'cookie'), mode, deps.cookies);
        return { status: 'OK', user: fdiUser(user) };
      },
    );

    api.get(
      `${prefix}/emailpassword/email/exists`,
      {
        schema: {
          operationId: 'emailExists',
          summary: 'Whether an account uses an e-mail address',
          security: [],
          hide: prefix !== '',
          tags,
          querystring: EmailQuery,
          response: { 200: EmailExistsResponse, ...publicErrorResponses },
        },
      },
      async (request) => {
        assertPublicTenant(request);
        return { status: 'OK', exists: (await deps.users.findByEmail(request.query.email)) !== undefined };
      },
    );

    api.get(
      `${prefix}/loginmethods`,
      {
        schema: {
          operationId: 'getLoginMethods',
          summary: 'The sign-in methods this installation offers',
          security: [],
          hide: prefix !== '',
          tags,
          querystring: LoginMethodsQuery,
        },
      },
      async (request) => {
        const tenant = tenantOf(request) ?? request.query.tenantId ?? 'public';
        if (tenant !== 'public') throw notFound('Unknown tenant');
        return {
          status: 'OK',
          emailPassword: { enabled: true },
          thirdParty: { enabled: false, providers: [] },
          passwordless: { enabled: false },
          firstFactors: ['emailpassword'],
        };
      },
    );
  }
  api.post(
    '/signout',
    { schema: { operationId: 'signOut', summary: 'Sign out (ends the session)', tags, response: { 200: FdiStatusResponse } } },
    async (request, reply) => {
      const presented = presentedAccessToken(request);
      if (presented) await deps.sessions.revokeByAccessToken(presented.token);
      clearTokens(reply, transferMode(request), deps.cookies);
      return { status: 'OK' };
    },
  );

  api.post(
    '/session/refresh',
    { schema: { operationId: 'refreshSession', summary: "Renew the session's access token with its refresh token", security: [], tags } },
    async (request, reply) => {
      const presented = presentedRefreshToken(request);
      const mode = transferMode(request);
      if (!presented) return sendUnauthorised(reply);
      const result = await deps.sessions.refresh(presented.token, { required: presented.fromCookie, header: antiCsrfHeader(request) });
      if (!result.ok) {
        clearTokens(reply, mode, deps.cookies);
        return reply.code(401).send({ message: result.reason === 'theft' ? 'token theft detected' : 'unauthorised' });
      }
      attachTokens(reply, result.tokens, mode, deps.cookies);
      return { status: 'OK' };
    },
  );
}
