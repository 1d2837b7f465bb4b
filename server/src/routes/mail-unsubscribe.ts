import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../context.js';
import { invalid } from '../http/errors.js';
import { NoContent, publicErrorResponses } from '../schemas/common.js';
import { mailLanguage, type Language, type MailCatalogue } from '../mail/catalogue.js';
import { fill } from '../mail/render.js';
import type { UnsubscribeTokens } from '../mail/unsubscribe.js';

const UnsubscribeQuery = Type.Object({ token: Type.String({ maxLength: 1000 }) });

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(reply: FastifyReply, language: Language, title: string, lines: string[]): FastifyReply {
  const body = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    '</main></body></html>',
  ].join('\n');
  return reply.code(200).type('text/html; charset=utf-8').send(body);
}

/**
 * The unsubscribe link of alert mails: no sign-in, the signed token names what to stop. GET is
 * the link in the mail (one click, answered with a page in the user's language); POST is RFC 8058's
 * one-click request that mail clients send from the List-Unsubscribe header.
 */
export async function mailUnsubscribeRoutes(app: FastifyInstance, ctx: AppContext, catalogues: Record<Language, MailCatalogue>, tokens: UnsubscribeTokens) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // RFC 8058's POST carries the form "List-Unsubscribe=One-Click"; the token in the address is all that counts.
  api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  const schema = { summary: 'Stop alert mails (the link in each alert mail)', tags: ['notifications'], security: [], querystring: UnsubscribeQuery };

  // A token this installation did not sign, or of an account that is gone, is refused like any bad input.
  const unsubscribe = async (token: string) => {
    const scope = tokens.read(token);
    const user = scope ? await ctx.repos.users.findById(scope.userId) : undefined;
    if (!scope || !user) throw invalid({ token: { code: 'invalid' } });
    await ctx.repos.notificationPreferences.unsubscribe(scope);
    const company = scope.companyId ? (await ctx.repos.alertMails.companyNames([scope.companyId])).get(scope.companyId) : undefined;
    return { scope, language: mailLanguage(user.language), company };
  };

  const page200 = { 200: Type.String({ description: 'The confirmation page (HTML) in the user’s language' }) };
  api.get(
    '/mail/unsubscribe',
    { schema: { ...schema, operationId: 'unsubscribeFromAlertMails', response: { ...page200, ...publicErrorResponses } } },
    async (request, reply) => {
      const done = await unsubscribe(request.query.token);
      const texts = catalogues[done.language];
      const { kind, companyId } = done.scope;
      const line =
        kind && companyId
          ? fill(texts.unsubscribe.done_kind, { kind: texts.alerts.kind_names[kind], company: done.company ?? '' })
          : texts.unsubscribe.done_all;
      return page(reply, done.language, texts.unsubscribe.title, [line, texts.unsubscribe.again]);
    },
  );

  api.post(
    '/mail/unsubscribe',
    { schema: { ...schema, operationId: 'unsubscribeFromAlertMailsOneClick', response: { 204: NoContent, ...publicErrorResponses } } },
    async (request, reply) => {
      await unsubscribe(request.query.token);
      return reply.code(204).send(null);
    },
  );
}
