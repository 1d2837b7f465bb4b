import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { until } from './mqtt-broker.js';

/** A message as it arrived over SMTP, with the parts tests read decoded. */
export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : quotedPrintable(text.replace(/_/g, ' ')),
    );

const quotedPrintable = (text: string): string => {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
};

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function split(entity: string): { headers: Record<string, string>; body: string } {
  const at = entity.search(/\r?\n\r?\n/);
  return { headers: headersOf(entity.slice(0, at)), body: entity.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return quotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain and text/html parts of a message (single part or multipart/alternative). */
export function parseMail(raw: string): Omit<ReceivedMail, 'to' | 'raw'> {
  const { headers, body } = split(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const entities = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const entity of entities) {
    const part = split(entity.replace(/^\r?\n/, ''));
    const type = (part.headers['content-type'] ?? 'text/plain').split(';')[0]?.trim() ?? '';
    parts[type] = decodeBody(part.headers, part.body);
  }
  return {
    subject: decodeWords(headers.subject ?? ''),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
    messageId: headers['message-id'] ?? '',
  };
}

/** A real SMTP server in the test process; what arrives is kept in order. */
export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  /** While set, messages are read but never acknowledged: the sender hangs mid-send. */
  holding = false;
  /** Messages read while holding (never acknowledged, so never delivered). */
  held = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (this.holding) {
          this.held++;
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, ...parseMail(raw) });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
  }

  /** The messages to `address` so far, those whose subject matches `subject` when given. */
  to(address: string, subject?: RegExp): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address) && (!subject || subject.test(mail.subject)));
  }

  /** Waits until `count` messages (whose subject matches `subject`) went to `address`, and answers them. */
  async waitFor(address: string, subject?: RegExp, count = 1): Promise<ReceivedMail[]> {
    await until(() => this.to(address, subject).length >= count, 20_000, 20);
    const mails = this.to(address, subject);
    if (mails.length < count) throw new Error(`expected ${count} mail(s) to ${address}, got ${mails.length}`);
    return mails;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link in a message's text that contains `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((candidate) => candidate.includes(path));
  if (!match) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return new URL(match);
}
