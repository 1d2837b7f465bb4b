import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppContext } from '../context.js';
import { notFound, refused } from '../http/errors.js';
import { removalRefusal, roleChangeRefusal } from '../domain/roles.js';
import { conflictResponses, errorResponses, IdParams, NoContent } from '../schemas/common.js';
import { MemberList, MemberParams, MemberRoleBody, TransferBody } from '../schemas/members.js';

/**
 * A company's members (issue #15): list them with role and last activity, change a role, remove a
 * member, leave, hand over ownership. Who may call which is in domain/permissions.ts; what a role
 * may do to another is in domain/roles.ts.
 */
export async function memberRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['companies'];
  const { memberships } = ctx.repos;
  const responses = { 204: NoContent, ...errorResponses, ...conflictResponses };

  /** The caller's role and the target's: a target outside the company is "no such". */
  async function roles(companyId: string, actorId: string, targetId: string) {
    const [actor, target] = await Promise.all([memberships.find(actorId, companyId), memberships.find(targetId, companyId)]);
    if (!actor || !target) throw notFound();
    return { actor: actor.role, target: target.role, owners: await memberships.ownerCount(companyId) };
  }

  api.get(
    '/company/:id/members',
    {
      schema: {
        operationId: 'listCompanyMembers',
        summary: "List a company's members with their role and last activity",
        tags,
        params: IdParams,
        response: { 200: MemberList, ...errorResponses },
      },
    },
    async (request) => ({ results: await memberships.list(request.params.id) }),
  );

  api.patch(
    '/company/:id/members/:user_id',
    {
      schema: { operationId: 'changeMemberRole', summary: "Change a member's role", tags, params: MemberParams, body: MemberRoleBody, response: responses },
    },
    async (request, reply) => {
      const { id, user_id: userId } = request.params;
      const { actor, target, owners } = await roles(id, request.identity.userId, userId);
      const refusal = roleChangeRefusal(actor, target, request.body.role, owners);
      if (refusal) throw refused(refusal);
      await memberships.setRole(id, userId, request.body.role);
      return reply.code(204).send(null);
    },
  );

  api.delete(
    '/company/:id/members/:user_id',
    { schema: { operationId: 'removeMember', summary: 'Remove a member from a company', tags, params: MemberParams, response: responses } },
    async (request, reply) => {
      const { id, user_id: userId } = request.params;
      const { actor, target, owners } = await roles(id, request.identity.userId, userId);
      const refusal = removalRefusal(actor, target, owners);
      if (refusal) throw refused(refusal);
      await memberships.remove(id, userId);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/company/:id/leave',
    { schema: { operationId: 'leaveCompany', summary: 'Leave a company', tags, params: IdParams, response: responses } },
    async (request, reply) => {
      const { target, owners } = await roles(request.params.id, request.identity.userId, request.identity.userId);
      const refusal = removalRefusal(target, target, owners);
      if (refusal) throw refused(refusal);
      await memberships.remove(request.params.id, request.identity.userId);
      return reply.code(204).send(null);
    },
  );

  api.post(
    '/company/:id/transfer',
    {
      schema: {
        operationId: 'transferOwnership',
        summary: 'Hand the company to another member (they become an owner, you an admin)',
        tags,
        params: IdParams,
        body: TransferBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const to = request.body.user_id;
      if (to === request.identity.userId) return reply.code(204).send(null);
      await roles(id, request.identity.userId, to);
      await memberships.transfer(id, request.identity.userId, to);
      return reply.code(204).send(null);
    },
  );
}
