import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { UsersTable } from '../db/schema.js';
import type { UsersRepository } from '../repositories/users.js';
import { HttpProblem, messages, notFound } from '../http/errors.js';
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from './passwords.js';
import { clientAddress, perAddress, refuse, type AccountFailures } from './rate-limit.js';
import type { KdfGate } from './kdf-gate.js';
import type { RateLimitsConfig } from '../config.js';
import type { SessionService } from './sessions.js';
import {
  CREDENTIALS_BODY_LIMIT,
  CredentialsBody,
  EMAIL_MAX_LENGTH,
  EmailExistsResponse,
  PASSWORD_MAX_LENGTH,
  EmailQuery,
  FdiStatusResponse,
  FdiUser,
  LoginMethodsQuery,
} from '../schemas/auth.js';
import { sendUnauthorised } from './identity.js';
import { antiCsrfHeader, attachTokens, clearTokens, presentedAccessToken, presentedRefreshToken, transferMode, type CookieSettings } from './transport.js';
import { FIELD_ERROR_TEXTS, type FieldErrorCode } from '../schemas/messages.js';
import { publicErrorResponses } from '../schemas/common.js';
import type { AppContext } from '../context.js';
import { queueVerificationMail } from './email-verification.js';

export interface AuthRouteDeps {
  users: UsersRepository;
  sessions: SessionService;
  /** Failed sign-ins per account; the per-address limits are the routes' own (`config.rateLimit`). */
  failures: AccountFailures;
  kdf: KdfGate;
  limits: RateLimitsConfig;
  cookies: CookieSettings;
  now: () => Date;
  /** A sign-up and its verification mail are written together. */
  transaction: AppContext['transaction'];
  publicUrl: string;
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
    loginMethods: [
      { recipeId: 'emailpassword', recipeUserId: row.id, tenantIds: ['public'], email: row.email, timeJoined, verified: row.email_verified === 1 },
    ],
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
  const email = value('email').trim();
  const password = value('password');
  if (email.length > EMAIL_MAX_LENGTH) throw tooLong('email', EMAIL_MAX_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) throw tooLong('password', PASSWORD_MAX_LENGTH);
  return { email, password };
}

const tooLong = (id: string, limit: number) => new HttpProblem(400, 'validation', messages.validation, { [id]: { code: 'too_long', params: { limit } } });

/** The slow password derivation, one at a time per client address (auth/kdf-gate.ts). */
function derive<T>(deps: AuthRouteDeps, request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  return deps.kdf.run(clientAddress(request), work) ?? refuse(reply, 1);
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
  /**
   * A sign-up or sign-in route's options: the credential body limit, its per-address limit, and its
   * public schema (documented once: the tenant-prefixed path is the same call for the FDI client).
   */
  const credentialRoute = (
    prefix: string,
    name: string,
    rule: keyof RateLimitsConfig & `${string}PerAddress`,
    document: { operationId: string; summary: string },
  ) => ({
    bodyLimit: CREDENTIALS_BODY_LIMIT,
    config: { rateLimit: perAddress(name, deps.limits[rule]) },
    schema: {
      ...document,
      security: [],
      hide: prefix !== '',
      tags,
      body: CredentialsBody,
      response: { 200: FdiStatusResponse, ...publicErrorResponses },
    },
  });

  for (const prefix of ['', '/:tenantId']) {
    api.post(
      `${prefix}/signup`,
      credentialRoute(prefix, 'signup', 'signUpPerAddress', { operationId: 'signUp', summary: 'Create an account with e-mail and password and sign in' }),
      async (request, reply) => {
        assertPublicTenant(request);
        const { email, password } = credentials(request.body);
        if (!EMAIL_PATTERN.test(email)) return fieldError('email', 'email_invalid');
        const problem = passwordProblem(password);
        if (problem) return fieldError('password', problem);
        const hash = await derive(deps, request, reply, () => hashPassword(password));
        const user = await deps.transaction(async (repos) => {
          const created = await repos.users.create(email, hash, deps.now().toISOString());
          if (created) await queueVerificationMail(repos, created, deps.publicUrl, deps.now());
          return created;
        });
        if (!user) return fieldError('email', 'email_taken');
        const mode = transferMode(request);
        attachTokens(reply, await deps.sessions.create(user.id, mode === 'cookie'), mode, deps.cookies);
        return { status: 'OK', user: fdiUser(user) };
      },
    );

    api.post(
      `${prefix}/signin`,
      credentialRoute(prefix, 'signin', 'signInPerAddress', { operationId: 'signIn', summary: 'Sign in with e-mail and password' }),
      async (request, reply) => {
        assertPublicTenant(request);
        const { email, password } = credentials(request.body);
        if (!EMAIL_PATTERN.test(email)) return fieldError('email', 'email_invalid');
        const wait = await deps.failures.waitSeconds(email);
        if (wait > 0) refuse(reply, wait);
        const user = await deps.users.findByEmail(email);
        const encoded = user?.password_hash ?? (await decoyPasswordHash());
        const valid = await derive(deps, request, reply, () => verifyPassword(password, encoded));
        if (!user || !valid) {
          await deps.failures.fail(email);
          return { status: 'WRONG_CREDENTIALS_ERROR' };
        }
        const mode = transferMode(request);
        const tokens = await deps.sessions.create(user.id, mode === 'cookie');
        await deps.users.recordSignIn(user.id, request.ip);
        attachTokens(reply, tokens, mode, deps.cookies);
        return { status: 'OK', user: fdiUser(user) };
      },
    );

    api.get(
      `${prefix}/emailpassword/email/exists`,
      {
        config: { rateLimit: perAddress('email-exists', deps.limits.emailExistsPerAddress) },
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
