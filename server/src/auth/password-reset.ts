import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import type { RateLimitsConfig } from '../config.js';
import { HttpProblem, messages, notFound } from '../http/errors.js';
import {
  CREDENTIALS_BODY_LIMIT,
  EMAIL_MAX_LENGTH,
  FdiStatusResponse,
  PASSWORD_MAX_LENGTH,
  PasswordResetBody,
  PasswordResetTokenBody,
} from '../schemas/auth.js';
import { publicErrorResponses } from '../schemas/common.js';
import { FIELD_ERROR_TEXTS, type FieldErrorCode } from '../schemas/messages.js';
import { mailLanguage } from '../mail/catalogue.js';
import type { KdfGate } from './kdf-gate.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { clientAddress, perAddress, refuse } from './rate-limit.js';
import type { RateStore } from './rate-store.js';
import { randomToken, sha256 } from './tokens.js';

/** How long a reset link works (issue #21). */
export const RESET_TOKEN_TTL_MS = 3_600_000;
export const RESET_PASSWORD_PATH = '/auth/reset-password';

export interface PasswordResetDeps {
  transaction: AppContext['transaction'];
  users: AppContext['repos']['users'];
  kdf: KdfGate;
  store: RateStore;
  limits: RateLimitsConfig;
  publicUrl: string;
  now: () => Date;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const fieldError = (id: string, code: FieldErrorCode) => ({ status: 'FIELD_ERROR', formFields: [{ id, error: FIELD_ERROR_TEXTS[code], code }] });

function formValue(fields: readonly { id: string; value: unknown }[], id: string, limit: number): string {
  const value = fields.find((field) => field.id === id)?.value;
  if (typeof value !== 'string') throw new HttpProblem(400, 'validation', messages.validation, { [id]: { code: 'required' } });
  if (value.length > limit) throw new HttpProblem(400, 'validation', messages.validation, { [id]: { code: 'too_long', params: { limit } } });
  return value;
}

function assertPublicTenant(request: FastifyRequest): void {
  const tenant = (request.params as { tenantId?: string } | undefined)?.tenantId;
  if (tenant !== undefined && tenant !== 'public') throw notFound('Unknown tenant');
}

/**
 * Password reset as supertokens-web-js 0.16 asks for it (FDI `user/password/reset/token` and
 * `user/password/reset`): a one-hour, one-use link by mail, of which only the hash is stored.
 */
export async function passwordResetRoutes(app: FastifyInstance, deps: PasswordResetDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['auth'];
  const accountKey = (email: string) => `password-reset-account|${email.toLowerCase()}`;

  for (const prefix of ['', '/:tenantId']) {
    api.post(
      `${prefix}/user/password/reset/token`,
      {
        bodyLimit: CREDENTIALS_BODY_LIMIT,
        config: { rateLimit: perAddress('password-reset', deps.limits.passwordResetPerAddress) },
        schema: {
          operationId: 'requestPasswordReset',
          summary: 'Mail a password-reset link to an account (the answer is the same whether it exists or not)',
          security: [],
          hide: prefix !== '',
          tags,
          body: PasswordResetTokenBody,
          response: { 200: FdiStatusResponse, ...publicErrorResponses },
        },
      },
      async (request) => {
        assertPublicTenant(request);
        const email = formValue(request.body.formFields, 'email', EMAIL_MAX_LENGTH).trim();
        if (!EMAIL_PATTERN.test(email)) return fieldError('email', 'email_invalid');
        // Counted per address whether an account has it or not, and past the limit the answer
        // stays OK: neither the count nor the answer tells whether the account exists.
        const count = await deps.store.hit(accountKey(email), deps.limits.passwordResetPerAccount.windowSeconds * 1000);
        if (count.hits > deps.limits.passwordResetPerAccount.max) return { status: 'OK' };
        const user = await deps.users.findByEmail(email);
        if (!user) return { status: 'OK' };
        const token = randomToken(32);
        const at = deps.now();
        await deps.transaction(async (repos) => {
          await repos.accountTokens.issue('password_reset', sha256(token), user, new Date(at.getTime() + RESET_TOKEN_TTL_MS).toISOString(), at.toISOString());
          const link = `${deps.publicUrl}${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
          await repos.mailOutbox.enqueue(
            { recipient: user.email, language: mailLanguage(user.language), content: { template: 'password_reset', params: { email: user.email, link } } },
            at.toISOString(),
          );
        });
        return { status: 'OK' };
      },
    );

    api.post(
      `${prefix}/user/password/reset`,
      {
        bodyLimit: CREDENTIALS_BODY_LIMIT,
        config: { rateLimit: perAddress('password-reset-submit', deps.limits.passwordResetPerAddress) },
        schema: {
          operationId: 'resetPassword',
          summary: "Set a new password with a reset link's token; ends all of the user's sessions",
          security: [],
          hide: prefix !== '',
          tags,
          body: PasswordResetBody,
          response: { 200: FdiStatusResponse, ...publicErrorResponses },
        },
      },
      async (request, reply) => {
        assertPublicTenant(request);
        const password = formValue(request.body.formFields, 'password', PASSWORD_MAX_LENGTH);
        const problem = passwordProblem(password);
        if (problem) return fieldError('password', problem);
        const hash = await (deps.kdf.run(clientAddress(request), () => hashPassword(password)) ?? refuse(reply, 1));
        const at = deps.now().toISOString();
        const done = await deps.transaction(async (repos) => {
          const owner = await repos.accountTokens.consume('password_reset', sha256(request.body.token), at);
          if (!owner) return false;
          await repos.users.setPassword(owner.user_id, hash);
          await repos.accountTokens.retire('password_reset', owner.user_id, at);
          await repos.sessions.revokeAllOf(owner.user_id, at);
          // The link came to the address: it is proven, as the verification link would prove it.
          await repos.users.markVerified(owner.user_id, owner.email);
          return true;
        });
        return done ? { status: 'OK' } : { status: 'RESET_PASSWORD_INVALID_TOKEN_ERROR' };
      },
    );
  }
}
