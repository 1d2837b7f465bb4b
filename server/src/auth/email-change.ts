import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext, TransactionRepositories } from '../context.js';
import type { RateLimitsConfig } from '../config.js';
import type { UsersTable } from '../db/schema.js';
import { mailLanguage } from '../mail/catalogue.js';
import { actingAs } from '../repositories/audit-actor.js';
import { FdiStatusResponse } from '../schemas/auth.js';
import { publicErrorResponses } from '../schemas/common.js';
import { EmailChangeConfirmBody } from '../schemas/email-change.js';
import { VERIFY_TOKEN_TTL_MS } from './email-verification.js';
import { perAddress } from './rate-limit.js';
import { randomToken, sha256 } from './tokens.js';

export const CONFIRM_EMAIL_CHANGE_PATH = '/auth/confirm-email-change';
/** Where the notice to the old address leads: the console's settings, where the change can be cancelled. */
const SETTINGS_PATH = '/settings';

/**
 * Makes `email` the user's pending new address, in the caller's transaction: earlier links stop
 * working, a one-use link valid as long as a verification link goes to the new address, and (on a
 * new request, not a resend) a notice to the address the account has now.
 */
export async function queueEmailChangeMails(
  repos: TransactionRepositories,
  user: UsersTable,
  email: string,
  publicUrl: string,
  at: Date,
  options: { notice: boolean },
): Promise<void> {
  const token = randomToken(32);
  await repos.accountTokens.retire('email_change', user.id, at.toISOString());
  await repos.accountTokens.issue(
    'email_change',
    sha256(token),
    { id: user.id, email },
    new Date(at.getTime() + VERIFY_TOKEN_TTL_MS).toISOString(),
    at.toISOString(),
  );
  const language = mailLanguage(user.language);
  const params = { email: user.email, new_email: email };
  const link = `${publicUrl}${CONFIRM_EMAIL_CHANGE_PATH}?token=${encodeURIComponent(token)}`;
  await repos.mailOutbox.enqueue({ recipient: email, language, content: { template: 'email_change', params: { ...params, link } } }, at.toISOString());
  if (options.notice) {
    const settings = `${publicUrl}${SETTINGS_PATH}`;
    await repos.mailOutbox.enqueue(
      { recipient: user.email, language, content: { template: 'email_change_notice', params: { ...params, link: settings } } },
      at.toISOString(),
    );
  }
}

export interface EmailChangeConfirmDeps {
  transaction: AppContext['transaction'];
  limits: RateLimitsConfig;
  now: () => Date;
}

/**
 * The link of the mail to the new address (no session needed: it may be opened on another device;
 * the password was given when the change was asked for, the link proves the address). The account
 * switches to the new address, verified; links mailed to the old address (reset, verification)
 * stop working. Sessions stay: they belong to the account, not its address, and the password is
 * unchanged; ending them would lock out the rightful owner should someone else have made the change,
 * while a session that stays lets the owner see the new address and act.
 */
export async function emailChangeConfirmRoutes(app: FastifyInstance, deps: EmailChangeConfirmDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/user/email/change/confirm',
    {
      config: { rateLimit: perAddress('email-change-confirm', deps.limits.passwordResetPerAddress) },
      schema: {
        operationId: 'confirmEmailChange',
        summary: "Switch the account to its new address with the change link's token",
        description:
          'Answers `OK`, `EMAIL_CHANGE_INVALID_TOKEN_ERROR` (unknown, used or expired link) or `EMAIL_ALREADY_EXISTS_ERROR` (another account took the address meanwhile).',
        security: [],
        tags: ['auth'],
        body: EmailChangeConfirmBody,
        response: { 200: FdiStatusResponse, ...publicErrorResponses },
      },
    },
    async (request) => {
      const at = deps.now().toISOString();
      const status = await deps.transaction(async (repos) => {
        const owner = await repos.accountTokens.consume('email_change', sha256(request.body.token), at);
        if (!owner) return 'EMAIL_CHANGE_INVALID_TOKEN_ERROR';
        // The audit entry names the account's owner as the actor: the link is theirs.
        const changed = await actingAs({ userId: owner.user_id, address: request.ip }, () => repos.users.changeEmail(owner.user_id, owner.email));
        if (!changed) return 'EMAIL_ALREADY_EXISTS_ERROR';
        for (const purpose of ['email_change', 'email_verification', 'password_reset'] as const) await repos.accountTokens.retire(purpose, owner.user_id, at);
        return 'OK';
      });
      return { status };
    },
  );
}
