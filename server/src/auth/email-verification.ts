import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext, TransactionRepositories } from '../context.js';
import type { RateLimitsConfig } from '../config.js';
import type { UsersTable } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { mailLanguage } from '../mail/catalogue.js';
import { EmailVerifiedResponse, FdiStatusResponse, VerifyEmailBody } from '../schemas/auth.js';
import { errorResponses, publicErrorResponses } from '../schemas/common.js';
import { perUserAndCompany } from './rate-limit.js';
import { randomToken, sha256 } from './tokens.js';

/** How long a verification link works. */
export const VERIFY_TOKEN_TTL_MS = 24 * 3_600_000;
export const VERIFY_EMAIL_PATH = '/auth/verify-email';

/** Issues a verification token and queues its mail, in the caller's transaction (sign-up, resend). */
export async function queueVerificationMail(repos: TransactionRepositories, user: UsersTable, publicUrl: string, at: Date): Promise<void> {
  const token = randomToken(32);
  await repos.accountTokens.issue('email_verification', sha256(token), user, new Date(at.getTime() + VERIFY_TOKEN_TTL_MS).toISOString(), at.toISOString());
  const link = `${publicUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  await repos.mailOutbox.enqueue(
    { recipient: user.email, language: mailLanguage(user.language), content: { template: 'email_verification', params: { email: user.email, link } } },
    at.toISOString(),
  );
}

export interface EmailVerificationDeps {
  transaction: AppContext['transaction'];
  users: AppContext['repos']['users'];
  /** The session check of the signed-in routes (a 401 the client refreshes on). */
  requireSession: onRequestHookHandler;
  limits: RateLimitsConfig;
  publicUrl: string;
  now: () => Date;
}

function assertPublicTenant(request: FastifyRequest): void {
  const tenant = (request.params as { tenantId?: string } | undefined)?.tenantId;
  if (tenant !== undefined && tenant !== 'public') throw notFound('Unknown tenant');
}

/**
 * The FDI email-verification recipe as supertokens-web-js 0.16 calls it: `POST user/email/verify`
 * with the link's token (no session needed: the link may be opened on another device),
 * `GET user/email/verify` and `POST user/email/verify/token` (resend) for the signed-in user.
 */
export async function emailVerificationRoutes(app: FastifyInstance, deps: EmailVerificationDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['auth'];
  for (const prefix of ['', '/:tenantId']) {
    api.post(
      `${prefix}/user/email/verify`,
      {
        schema: {
          operationId: 'verifyEmail',
          summary: "Confirm the user's e-mail address with the verification link's token",
          security: [],
          hide: prefix !== '',
          tags,
          body: VerifyEmailBody,
          response: { 200: FdiStatusResponse, ...publicErrorResponses },
        },
      },
      async (request) => {
        assertPublicTenant(request);
        const at = deps.now().toISOString();
        const verified = await deps.transaction(async (repos) => {
          const owner = await repos.accountTokens.consume('email_verification', sha256(request.body.token), at);
          if (!owner || !(await repos.users.markVerified(owner.user_id, owner.email))) return false;
          await repos.accountTokens.retire('email_verification', owner.user_id, at);
          return true;
        });
        return { status: verified ? 'OK' : 'EMAIL_VERIFICATION_INVALID_TOKEN_ERROR' };
      },
    );
  }

  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', deps.requireSession);
    const session = signedIn.withTypeProvider<TypeBoxTypeProvider>();
    session.get(
      '/user/email/verify',
      {
        schema: {
          operationId: 'isEmailVerified',
          summary: "Whether the signed-in user's address is verified",
          tags,
          response: { 200: EmailVerifiedResponse, ...errorResponses },
        },
      },
      async (request) => {
        const user = await deps.users.findById(request.identity.userId);
        if (!user) throw notFound();
        return { status: 'OK', isVerified: user.email_verified === 1 };
      },
    );
    session.post(
      '/user/email/verify/token',
      {
        config: perUserAndCompany('verify-resend', deps.limits.verificationResendPerUser),
        schema: {
          operationId: 'sendVerificationEmail',
          summary: 'Mail the signed-in user a new verification link',
          tags,
          response: { 200: FdiStatusResponse, ...errorResponses },
        },
      },
      async (request) => {
        const user = await deps.users.findById(request.identity.userId);
        if (!user) throw notFound();
        if (user.email_verified === 1) return { status: 'EMAIL_ALREADY_VERIFIED_ERROR' };
        await deps.transaction((repos) => queueVerificationMail(repos, user, deps.publicUrl, deps.now()));
        return { status: 'OK' };
      },
    );
  });
}
