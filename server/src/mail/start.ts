import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { processNodeName } from '../dataplane/node-name.js';
import type { Language, MailCatalogue } from './catalogue.js';
import { MailSender } from './sender.js';
import { createMailTransport } from './transport.js';

/** How often an idle node looks for due mail; a claim takes everything due at once. */
const MAIL_TICK_MS = 1000;

/** Runs this node's mail sender from ready to close (every node runs one; claims keep them apart). */
export function startMailSender(app: FastifyInstance, ctx: AppContext, catalogues: Record<Language, MailCatalogue>): MailSender {
  const transport = createMailTransport(ctx.config.mail, (line) => app.log.info(line));
  const sender = new MailSender({
    outbox: ctx.repos.mailOutbox,
    transport,
    catalogues,
    publicUrl: ctx.config.publicUrl,
    now: ctx.now,
    node: processNodeName(),
    claimMs: ctx.config.mail.claimMs,
  });
  app.addHook('onReady', async () => {
    if (transport.kind === 'file') app.log.info(`mail: no SMTP_URL set, messages are written to ${ctx.config.mail.dir}`);
    sender.start(MAIL_TICK_MS, (error) => app.log.warn({ err: error }, 'mail sender'));
  });
  app.addHook('onClose', async () => sender.stop());
  return sender;
}
