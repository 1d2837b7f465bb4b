import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config.js';
import type { RenderedMail } from './render.js';

export interface Envelope extends RenderedMail {
  /** The outbox id: the Message-ID and the .eml file's name, so a message sent twice is recognisable as one. */
  id: string;
  to: string;
}

/** Where rendered messages go: an SMTP server, or files. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(envelope: Envelope): Promise<void>;
  close(): void;
}

const messageOptions = (from: string, envelope: Envelope, domain: string) => ({
  from,
  to: envelope.to,
  subject: envelope.subject,
  text: envelope.text,
  html: envelope.html,
  messageId: `<${envelope.id}@${domain}>`,
  // RFC 8058: mail clients offer their own unsubscribe button, which POSTs to the link.
  ...(envelope.unsubscribe ? { list: { unsubscribe: envelope.unsubscribe }, headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
});

/** The host part of MAIL_FROM's address, for Message-IDs. */
const fromDomain = (from: string): string => /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';

/**
 * SMTP_URL set: nodemailer over SMTP. Without it (the embedded default) each message is written as
 * an .eml file under DATA_DIR/mail, with one log line, so a fresh install shows what it would send.
 */
export function createMailTransport(config: MailConfig, log: (line: string) => void): MailTransport {
  const domain = fromDomain(config.from);
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(envelope) {
        await smtp.sendMail(messageOptions(config.from, envelope, domain));
      },
      close: () => smtp.close(),
    };
  }
  const files = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(envelope) {
      const info = await files.sendMail(messageOptions(config.from, envelope, domain));
      await fs.mkdir(config.dir, { recursive: true });
      const file = path.join(config.dir, `${envelope.id}.eml`);
      // Written whole under a temporary name first: a reader never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      log(`mail to ${envelope.to} written to ${file} (no SMTP_URL set)`);
    },
    close: () => files.close(),
  };
}
