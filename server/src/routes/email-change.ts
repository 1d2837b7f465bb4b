import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import type { UsersTable } from '../db/schema.js';
import { duplicate, forbidden, invalid, notFound } from '../http/errors.js';
import { clientAddress, refuse, type AccountFailures } from '../auth/rate-limit.js';
import type { RateStore } from '../auth/rate-store.js';
import type { KdfGate } from '../auth/kdf-gate.js';
import { verifyPassword } from '../auth/passwords.js';
import { queueEmailChangeMails } from '../auth/email-change.js';
import { normaliseEmail } from '../repositories/users.js';
import { ErrorResponse, errorResponses, NoContent } from '../schemas/common.js';
import { EmailChangeBody, EmailChangeStatus } from '../schemas/email-change.js';

export interface EmailChangeDeps {
  /** Failed sign-ins per account: a wrong password here counts as one, so this form cannot be used to guess. */
  failures: AccountFailures;
  kdf: KdfGate;
  /** Counts the mails sent to new addresses per user (VERIFICATION_RESEND_*). */
  store: RateStore;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Changing one's address (issue #21): the new address must be proven by the link mailed to it
 * before the account switches (auth/email-change.ts confirms); until then the change is pending
 * (an `email_change` account token carries the new address). Session only: an API key does not
 * change who owns the account.
 */
export async function emailChangeRoutes(app: FastifyInstance, ctx: AppContext, deps: EmailChangeDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['user'];
  const { users, accountTokens } = ctx.repos;
  /**
   * Every mail to a new address counts against one limit per user, a request's or a resend's. Only
   * mails count: a typo the form refuses costs nothing (wrong passwords count as failed sign-ins).
   */
  const countMail = async (reply: FastifyReply, userId: string): Promise<void> => {
    const rule = ctx.config.rateLimits.verificationResendPerUser;
    const count = await deps.store.hit(`email-change-mail|${userId}`, rule.windowSeconds * 1000);
    if (count.hits > rule.max) refuse(reply, Math.max(1, Math.ceil((count.resetAt - ctx.now().getTime()) / 1000)));
  };

  api.addHook('onRequest', async (request: FastifyRequest) => {
    if (request.identity.via === 'api-key') throw forbidden('The e-mail address is changed in the console, not with an API key.');
  });

  const me = async (request: FastifyRequest): Promise<UsersTable> => {
    const user = await users.findById(request.identity.userId);
    if (!user) throw notFound();
    return user;
  };
  const status = async (user: UsersTable): Promise<EmailChangeStatus> => ({
    email: user.email,
    pending: (await accountTokens.current('email_change', user.id, ctx.now().toISOString())) ?? null,
  });

  /** The password check of sign-in: its per-account failure count and its one-derivation-per-address gate. */
  const checkPassword = async (request: FastifyRequest, reply: FastifyReply, user: UsersTable, password: string): Promise<void> => {
    const wait = await deps.failures.waitSeconds(user.email);
    if (wait > 0) refuse(reply, wait);
    const valid = await (deps.kdf.run(clientAddress(request), () => verifyPassword(password, user.password_hash)) ?? refuse(reply, 1));
    if (valid) return;
    await deps.failures.fail(user.email);
    throw invalid({ password: { code: 'password_wrong' } });
  };

  api.get(
    '/user/email-change',
    {
      schema: {
        operationId: 'getEmailChange',
        summary: "The signed-in user's address and the change waiting for its verification link",
        tags,
        response: { 200: EmailChangeStatus, ...errorResponses },
      },
    },
    async (request) => status(await me(request)),
  );

  api.post(
    '/user/email-change',
    {
      schema: {
        operationId: 'requestEmailChange',
        summary: 'Change the address: mails a verification link to the new one and a notice to the old one',
        description:
          'Needs the current password (a wrong one counts as a failed sign-in). Nothing changes until the link is followed; a new request replaces a pending one.',
        tags,
        body: EmailChangeBody,
        response: { 200: EmailChangeStatus, ...errorResponses, 409: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      const email = normaliseEmail(request.body.email);
      if (!EMAIL_PATTERN.test(email)) throw invalid({ email: { code: 'email_invalid' } });
      if (email === user.email) throw invalid({ email: { code: 'email_unchanged' } });
      await checkPassword(request, reply, user, request.body.password);
      // Only after the password: whether an address is in use is no more open than sign-up makes it.
      if (await users.findByEmail(email)) throw duplicate('Another account uses this address.', { email: { code: 'email_in_use' } });
      await countMail(reply, user.id);
      await ctx.transaction((repos) => queueEmailChangeMails(repos, user, email, ctx.config.publicUrl, ctx.now(), { notice: true }));
      return status(user);
    },
  );

  api.post(
    '/user/email-change/resend',
    {
      schema: {
        operationId: 'resendEmailChange',
        summary: "Mail the pending change's verification link again (the earlier link stops working)",
        tags,
        response: { 200: EmailChangeStatus, ...errorResponses, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const user = await me(request);
      const pending = await accountTokens.current('email_change', user.id, ctx.now().toISOString());
      if (!pending) throw notFound('No change of address is pending.');
      await countMail(reply, user.id);
      await ctx.transaction((repos) => queueEmailChangeMails(repos, user, pending.email, ctx.config.publicUrl, ctx.now(), { notice: false }));
      return status(user);
    },
  );

  api.delete(
    '/user/email-change',
    {
      schema: {
        operationId: 'cancelEmailChange',
        summary: 'Cancel the pending change: its link stops working, the address stays',
        tags,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await accountTokens.retire('email_change', request.identity.userId, ctx.now().toISOString());
      return reply.code(204).send(null);
    },
  );
}
