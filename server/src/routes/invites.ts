import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { duplicate, forbidden, notFound, refused } from '../http/errors.js';
import { inviteRefusal, mayInviteAs } from '../domain/roles.js';
import { paging } from '../http/paging.js';
import { conflictResponses, ErrorResponse, errorResponses, NoContent } from '../schemas/common.js';
import { INVITE_DEFAULT_DAYS } from '../schemas/invites.js';
import { normaliseCode } from '../repositories/invites.js';
import { queueInviteMail } from '../mail/invite-mail.js';
import {
  InviteCreateBody,
  InviteIdParams,
  InviteJoinBody,
  InviteJoinParams,
  InviteJoinResponse,
  InviteListQuery,
  InvitePage,
  InviteResponse,
} from '../schemas/invites.js';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function inviteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['invites'];
  const { invites, companies, memberships, users } = ctx.repos;

  api.get(
    '/invite/',
    { schema: { operationId: 'listInvites', summary: 'List invites', tags, querystring: InviteListQuery, response: { 200: InvitePage, ...errorResponses } } },
    async (request) => invites.list(request.identity.userId, { companyId: request.query.company_id, ...paging(request.query) }, ctx.now()),
  );

  api.post(
    '/invite/',
    {
      schema: {
        operationId: 'createInvite',
        summary: 'Invite someone to a company',
        tags,
        body: InviteCreateBody,
        response: { 201: InviteResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { company_id: companyId, email, role = 'member', expires_in_days: days = INVITE_DEFAULT_DAYS, is_open: isOpen = false } = request.body;
      const inviter = await memberships.find(request.identity.userId, companyId);
      if (!inviter) throw notFound();
      if (!mayInviteAs(inviter.role, role)) throw refused('role_above_own');
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + days * 86_400_000).toISOString();
      // The invitation mail is queued with the invite: both or neither.
      const invite = await ctx.transaction(async (repos) => {
        const created = await repos.invites.create({ companyId, email, role, expiresAt, isOpen }, request.identity.userId, now);
        await queueInviteMail(repos, created, request.identity.userId, ctx.config.publicUrl, now);
        return created;
      });
      return reply.code(201).send(invite);
    },
  );

  api.post(
    '/invite/:invite_id/join',
    {
      schema: {
        operationId: 'joinInvite',
        summary: 'Join a company with an invite code',
        tags,
        params: InviteJoinParams,
        body: InviteJoinBody,
        response: { 200: InviteJoinResponse, ...errorResponses, ...conflictResponses, 410: ErrorResponse },
      },
    },
    async (request) => {
      const key = request.params.invite_id;
      const bodyCode = request.body?.code;
      // By id the code must come along: knowing an id from a list is not an invitation.
      const invite = UUID_PATTERN.test(key) ? await invites.findByKey({ id: key.toLowerCase() }) : await invites.findByKey({ code: normaliseCode(key) });
      const codeMatches = invite && (UUID_PATTERN.test(key) ? bodyCode !== undefined && normaliseCode(bodyCode) === invite.code : true);
      if (!invite || !codeMatches) throw notFound('This invite code is not valid.');
      const userId = request.identity.userId;
      const account = await users.findById(userId);
      if (!account) throw forbidden();
      const refusal = inviteRefusal(invite, account.email, ctx.now());
      if (refusal) throw refused(refusal);
      if (await companies.isMember(userId, invite.company_id)) throw duplicate('You are already a member of this company.');
      // Another join took the code between our read and write.
      if (!(await invites.redeem(invite, userId, ctx.now().toISOString()))) throw refused('invite_used');
      return { company_id: invite.company_id };
    },
  );

  api.post(
    '/invite/:invite_id/resend',
    {
      schema: {
        operationId: 'resendInvite',
        summary: 'Mail a pending invite again',
        tags,
        params: InviteIdParams,
        response: { 204: NoContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      const invite = await invites.findMine(request.identity.userId, request.params.invite_id, ctx.now());
      if (!invite) throw notFound();
      // An expired code would not admit anyone: the inviter makes a new invite instead.
      if (invite.expired) throw refused('invite_expired');
      await ctx.transaction((repos) => queueInviteMail(repos, invite, request.identity.userId, ctx.config.publicUrl, ctx.now()));
      return reply.code(204).send(null);
    },
  );

  api.delete(
    '/invite/:invite_id',
    { schema: { operationId: 'deleteInvite', summary: 'Withdraw an invite', tags, params: InviteIdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const invite = await invites.findMine(request.identity.userId, request.params.invite_id, ctx.now());
      if (!invite) throw notFound();
      await invites.remove(invite.id, ctx.now().toISOString());
      return reply.code(204).send(null);
    },
  );
}
