import type { CompanyRole } from '../domain/roles.js';
import type { MessageParams, NotificationKind } from '../schemas/messages.js';
import type { Language, MailCatalogue } from './catalogue.js';

/** One alert in an alert mail: the notification's kind and parameters, and its company's name. */
export interface AlertItem {
  kind: NotificationKind;
  company: string;
  params: MessageParams;
}

/** What each mail needs to be rendered; stored as JSON in the outbox and rendered when sent. */
export type MailContent =
  | { template: 'password_reset'; params: { email: string; link: string } }
  | { template: 'email_verification'; params: { email: string; link: string } }
  /** To the new address: `link` switches the account to it. */
  | { template: 'email_change'; params: { email: string; new_email: string; link: string } }
  /** To the old address: `link` opens the console's settings, where the change can be cancelled. */
  | { template: 'email_change_notice'; params: { email: string; new_email: string; link: string } }
  | { template: 'invite'; params: { inviter: string; company: string; code: string; link: string; role?: string } }
  | { template: RuleMailTemplate; params: RuleMailParams }
  | {
      template: 'alerts';
      /** `alerts` lists the first alerts of `total`; `unsubscribe` stops one kind (`scope` one) or every alert mail. */
      params: { alerts: AlertItem[]; total: number; digest: boolean; link: string; unsubscribe: string; scope: 'one' | 'all' };
    };

export type RuleMailTemplate = 'rule_fired' | 'rule_resolved';
/**
 * A rule's transition as its e-mail tells it. The link is a path of the console: the rule engine
 * runs below the HTTP layer and does not know the public address, the sender does.
 */
export type RuleMailParams = { rule: string; device: string; company: string; values: string; path: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  /** The List-Unsubscribe address (alert mails). */
  unsubscribe?: string;
}

/** Fills `%{name}` placeholders (the console catalogues' syntax). */
export const fill = (text: string, params: Record<string, string | undefined>): string =>
  text.replace(/%\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A mail's parts in reading order: paragraphs, then one button with its link. */
interface Parts {
  subject: string;
  paragraphs: string[];
  action: string;
  link: string;
  after: string[];
  /** A small link below the signature (unsubscribe). */
  footer?: { text: string; link: string };
}

const asStrings = (params: MessageParams): Record<string, string> => Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)]));

function alertParts(params: Extract<MailContent, { template: 'alerts' }>['params'], texts: MailCatalogue): Parts {
  const t = texts.alerts;
  const lines = params.alerts.map((alert) => {
    const kind = t.kinds[alert.kind];
    const values = asStrings(alert.params);
    return fill(t.line, { company: alert.company, title: fill(kind.title, values), message: fill(kind.message, values) });
  });
  const first = params.alerts[0];
  const subject = params.digest
    ? fill(t.subject_digest, { count: String(params.total) })
    : params.total === 1 && first
      ? fill(t.subject_one, { title: fill(t.kinds[first.kind].title, asStrings(first.params)) })
      : fill(t.subject_many, { count: String(params.total) });
  const more = params.total > params.alerts.length ? [fill(t.more, { count: String(params.total - params.alerts.length) })] : [];
  return {
    subject,
    paragraphs: [params.digest ? t.intro_digest : t.intro, ...lines, ...more],
    action: t.action,
    link: params.link,
    after: [t.outro],
    footer: { text: params.scope === 'one' ? t.unsubscribe_one : t.unsubscribe_all, link: params.unsubscribe },
  };
}

function parts(content: MailContent, texts: MailCatalogue, publicUrl: string): Parts {
  if (content.template === 'alerts') return alertParts(content.params, texts);
  const p: Record<string, string | undefined> = content.params;
  switch (content.template) {
    case 'password_reset':
    case 'email_verification':
    case 'email_change':
    case 'email_change_notice': {
      const t = texts[content.template];
      return { subject: fill(t.subject, p), paragraphs: [fill(t.intro, p)], action: t.action, link: content.params.link, after: [fill(t.outro, p)] };
    }
    case 'invite': {
      const t = texts.invite;
      // The role by its name in the recipient's language (an unknown code as it is).
      const code = content.params.role;
      const role = code ? [fill(t.role, { role: code in t.roles ? t.roles[code as CompanyRole] : code })] : [];
      return {
        subject: fill(t.subject, p),
        paragraphs: [fill(t.intro, p), ...role],
        action: fill(t.action, p),
        link: content.params.link,
        after: [fill(t.outro, p)],
      };
    }
    case 'rule_fired':
    case 'rule_resolved': {
      const t = texts[content.template];
      const values = content.params.values ? [fill(t.values, p)] : [];
      return {
        subject: fill(t.subject, p),
        paragraphs: [fill(t.intro, p), ...values],
        action: t.action,
        link: `${publicUrl}${content.params.path}`,
        after: [fill(t.outro, p)],
      };
    }
  }
}

/**
 * The mail as plain text and as HTML, from the same catalogue texts (one source, never two drifting
 * versions). `publicUrl` is the console's address, for mails that carry a path instead of a link.
 */
export function renderMail(content: MailContent, catalogues: Record<Language, MailCatalogue>, language: Language, publicUrl = ''): RenderedMail {
  const texts = catalogues[language];
  const { subject, paragraphs, action, link, after, footer } = parts(content, texts, publicUrl);
  const { greeting, signature, linkHint } = texts.layout;
  const footerLine = footer ? [`${footer.text}: ${footer.link}`] : [];
  const plain = [greeting, ...paragraphs, `${action}: ${link}`, ...after, signature, ...footerLine].join('\n\n') + '\n';
  const paragraph = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">',
    paragraph(greeting),
    ...paragraphs.map(paragraph),
    `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#1565c0;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(action)}</a></p>`,
    ...after.map(paragraph),
    paragraph(signature),
    `<p style="font-size:12px;color:#666">${escapeHtml(linkHint)}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ...(footer ? [`<p style="font-size:12px;color:#666"><a href="${escapeHtml(footer.link)}">${escapeHtml(footer.text)}</a></p>`] : []),
    '</body></html>',
  ].join('\n');
  return { subject, text: plain, html, ...(footer ? { unsubscribe: footer.link } : {}) };
}
