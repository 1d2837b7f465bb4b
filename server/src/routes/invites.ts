import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { duplicate, notFound } from '../http/errors.js';
import { paging } from '../http/paging.js';
import { conflictResponses, errorResponses, NoContent } from '../schemas/common.js';
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
  const { invites, companies } = ctx.repos;

  api.get(
    '/invite/',
    { schema: { operationId: 'listInvites', summary: 'List invites', tags, querystring: InviteListQuery, response: { 200: InvitePage, ...errorResponses } } },
    async (request) => invites.list(request.identity.userId, { companyId: request.query.company_id, ...paging(request.query) }),
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
      if (!(await companies.isMember(request.identity.userId, request.body.company_id))) throw notFound();
      const at = ctx.now();
      // The invitation mail is queued with the invite: both or neither.
      const invite = await ctx.transaction(async (repos) => {
        const created = await repos.invites.create(request.body.company_id, request.body.email, request.identity.userId, at.toISOString());
        await queueInviteMail(repos, created, request.identity.userId, ctx.config.publicUrl, at);
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
        response: { 200: InviteJoinResponse, ...errorResponses, ...conflictResponses },
      },
    },
    async (request) => {
      const key = request.params.invite_id;
      const bodyCode = request.body?.code;
      // By id the code must come along: knowing an id from a list is not an invitation.
      const invite = UUID_PATTERN.test(key) ? await invites.findPending({ id: key.toLowerCase() }) : await invites.findPending({ code: normaliseCode(key) });
      const codeMatches = invite && (UUID_PATTERN.test(key) ? bodyCode !== undefined && normaliseCode(bodyCode) === invite.code : true);
      if (!invite || !codeMatches) throw notFound('This invite code is not valid or has already been used.');
      const userId = request.identity.userId;
      if (await companies.isMember(userId, invite.company_id)) throw duplicate('You are already a member of this company.');
      if (!(await invites.redeem(invite.id, invite.company_id, userId, ctx.now().toISOString()))) {
        throw notFound('This invite code is not valid or has already been used.');
      }
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
      const invite = await invites.findMine(request.identity.userId, request.params.invite_id);
      if (!invite) throw notFound();
      await ctx.transaction((repos) => queueInviteMail(repos, invite, request.identity.userId, ctx.config.publicUrl, ctx.now()));
      return reply.code(204).send(null);
    },
  );

  api.delete(
    '/invite/:invite_id',
    { schema: { operationId: 'deleteInvite', summary: 'Withdraw an invite', tags, params: InviteIdParams, response: { 204: NoContent, ...errorResponses } } },
    async (request, reply) => {
      const invite = await invites.findMine(request.identity.userId, request.params.invite_id);
      if (!invite) throw notFound();
      await invites.remove(invite.id);
      return reply.code(204).send(null);
    },
  );
}
