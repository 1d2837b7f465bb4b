import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { processNodeName } from '../dataplane/node-name.js';
import { AlertMailer } from './alert-mailer.js';
import type { Language, MailCatalogue } from './catalogue.js';
import { MailSender } from './sender.js';
import { createMailTransport } from './transport.js';
import type { UnsubscribeTokens } from './unsubscribe.js';

/** How often an idle node looks for due mail; a claim takes everything due at once. */
const MAIL_TICK_MS = 1000;
/** How often a node turns waiting alerts into mails: alerts raised within one tick leave as one mail. */
const ALERT_TICK_MS = 5000;

/**
 * Runs this node's mail sender and alert mailer from ready to close (every node runs them;
 * claims keep them apart).
 */
export function startMailSender(app: FastifyInstance, ctx: AppContext, catalogues: Record<Language, MailCatalogue>, tokens: UnsubscribeTokens): MailSender {
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
  const alerts = new AlertMailer({ alerts: ctx.repos.alertMails, transaction: ctx.transaction, now: ctx.now, publicUrl: ctx.config.publicUrl, tokens });
  let alertTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (transport.kind === 'file') app.log.info(`mail: no SMTP_URL set, messages are written to ${ctx.config.mail.dir}`);
    sender.start(MAIL_TICK_MS, (error) => app.log.warn({ err: error }, 'mail sender'));
    const mailAlerts = async () => {
      if ((await alerts.mailDue()) > 0) await sender.sendDue();
    };
    alertTimer = setInterval(() => void mailAlerts().catch((error: unknown) => app.log.warn({ err: error }, 'alert mailer')), ALERT_TICK_MS);
    alertTimer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(alertTimer);
    await alerts.settled();
    await sender.stop();
  });
  return sender;
}
