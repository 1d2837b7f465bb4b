import { SerialRuns } from '../jobs/serial-runs.js';
import type { MailOutboxRepository, MailRow } from '../repositories/mail-outbox.js';
import { mailLanguage, type Language, type MailCatalogue } from './catalogue.js';
import { renderMail, type MailContent } from './render.js';
import type { MailTransport } from './transport.js';

export const MAIL_MAX_ATTEMPTS = 8;
/** Messages one claim takes; a node sends them one after another (SMTP servers throttle bursts). */
const BATCH = 20;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 3_600_000;

/** 30 s, 1 min, 2 min … at most an hour, after each failed attempt. */
export const mailRetryDelayMs = (attempts: number): number => Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

export interface MailSenderOptions {
  outbox: MailOutboxRepository;
  transport: MailTransport;
  catalogues: Record<Language, MailCatalogue>;
  /** The console's address, for the links of mails that carry a path (rule e-mails). */
  publicUrl: string;
  now: () => Date;
  /** Names this process in claims (dataplane/node-name.ts). */
  node: string;
  /** Longer than an SMTP exchange can take (MAIL_CLAIM_SECONDS), so a live claim is never taken over. */
  claimMs: number;
}

/**
 * Sends what the outbox holds. Each message is claimed with a lease and its attempt counted before
 * it is sent, so several nodes on one database send it once; a failure is retried with backoff,
 * then kept as failed. A node killed mid-send leaves the claim to run out and another node (or the
 * same one restarted) sends it.
 */
export class MailSender {
  private readonly runs = new SerialRuns(() => this.run());
  private stopping = false;

  constructor(private readonly options: MailSenderOptions) {}

  /** Sends until nothing is due; returns how many messages were attempted. A call while one runs joins it (serial-runs.ts). */
  sendDue(): Promise<number> {
    return this.runs.run();
  }

  start(intervalMs: number, log: (error: unknown) => void): void {
    this.runs.every(intervalMs, log, { now: true });
  }

  /** Claims nothing more and waits for the message under way. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.runs.stop();
    this.options.transport.close();
  }

  private async run(): Promise<number> {
    const { outbox, now, node, claimMs } = this.options;
    let attempted = 0;
    while (!this.stopping) {
      const at = now();
      const claimed = await outbox.claim(node, at.toISOString(), new Date(at.getTime() + claimMs).toISOString(), BATCH);
      for (const row of claimed) await this.send(row);
      attempted += claimed.length;
      if (claimed.length < BATCH) break;
    }
    return attempted;
  }

  private async send(row: MailRow): Promise<void> {
    const { outbox, transport, catalogues, publicUrl, now } = this.options;
    // Past the last attempt only when earlier claims never recorded an outcome (their nodes died
    // while sending it): given up, so one message cannot take node after node down.
    if (row.attempts > MAIL_MAX_ATTEMPTS) {
      await outbox.notSent(row, 'abandoned', now().toISOString(), true);
      return;
    }
    try {
      const content = { template: row.template, params: JSON.parse(row.params) as unknown } as MailContent;
      const rendered = renderMail(content, catalogues, mailLanguage(row.language), publicUrl);
      await transport.send({ id: row.id, to: row.recipient, ...rendered });
    } catch (error) {
      const at = now();
      const message = error instanceof Error ? error.message : String(error);
      await outbox.notSent(row, message, new Date(at.getTime() + mailRetryDelayMs(row.attempts)).toISOString(), row.attempts >= MAIL_MAX_ATTEMPTS);
      return;
    }
    await outbox.sent(row, now().toISOString());
  }
}
