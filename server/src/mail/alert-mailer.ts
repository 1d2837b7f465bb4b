import type { AppContext, TransactionRepositories } from '../context.js';
import { lastDigestMoment } from '../domain/alert-digest.js';
import { SerialRuns } from '../jobs/serial-runs.js';
import type { AlertMailRow, AlertMailsRepository, WaitingAlerts } from '../repositories/alert-mails.js';
import type { MessageParams, NotificationKind } from '../schemas/messages.js';
import { alertKindOf } from '../schemas/notification-preferences.js';
import { mailLanguage } from './catalogue.js';
import type { AlertItem } from './render.js';
import { unsubscribeLink, type UnsubscribeTokens } from './unsubscribe.js';

/** A mail lists this many alerts and counts the rest (500 silent devices make one readable mail). */
export const ALERTS_PER_MAIL = 50;
/** Immediate mails leave once no alert came for this long, so a burst (a gateway outage) is one mail… */
export const ALERT_QUIET_MS = 10_000;
/** …but never later than this after the first alert, however long the burst lasts. */
export const ALERT_MAX_WAIT_MS = 120_000;

/** Up to when a user's waiting alerts are mailed now (ISO), or undefined while they wait. */
export function alertCutoff(waiting: WaitingAlerts, at: Date): string | undefined {
  if (waiting.mode === 'digest') {
    const moment = lastDigestMoment(at, waiting.digestHour).toISOString();
    return waiting.oldest <= moment ? moment : undefined;
  }
  const settled = Date.parse(waiting.newest) <= at.getTime() - ALERT_QUIET_MS;
  const overdue = Date.parse(waiting.oldest) <= at.getTime() - ALERT_MAX_WAIT_MS;
  return settled || overdue ? at.toISOString() : undefined;
}

export interface AlertMailerOptions {
  alerts: AlertMailsRepository;
  transaction: AppContext['transaction'];
  now: () => Date;
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

/**
 * Turns waiting alerts into mails: each user's alerts at once (a burst as one mail), or those of a user who chose the daily digest once a day. A user's alerts are claimed and
 * their mail queued in one transaction, so any number of nodes may run this at any time: each
 * alert is mailed once, and a node killed halfway leaves them waiting for the next run.
 */
export class AlertMailer {
  private readonly runs = new SerialRuns(() => this.run());

  constructor(private readonly options: AlertMailerOptions) {}

  /** Queues the mails that are due; returns how many. A call while one runs joins it (serial-runs.ts). */
  mailDue(): Promise<number> {
    return this.runs.run();
  }

  /** Waits for the run under way (closing the app). */
  settled(): Promise<void> {
    return this.runs.settled();
  }

  private async run(): Promise<number> {
    const at = this.options.now();
    let queued = 0;
    for (const waiting of await this.options.alerts.waiting()) {
      const cutoff = alertCutoff(waiting, at);
      if (cutoff === undefined) continue;
      if (await this.options.transaction((repos) => this.mailUser(repos, waiting, cutoff, at))) queued++;
    }
    return queued;
  }

  private async mailUser(repos: TransactionRepositories, waiting: WaitingAlerts, cutoff: string, at: Date): Promise<boolean> {
    const claimed = await repos.alertMails.claim(waiting.userId, cutoff, at.toISOString());
    const user = await repos.users.findById(waiting.userId);
    if (claimed.length === 0 || !user) return false;
    const companies = await repos.alertMails.companyNames([...new Set(claimed.flatMap((row) => (row.company_id ? [row.company_id] : [])))]);
    const first = claimed[0] as AlertMailRow;
    // One kind of one company: its link stops just that; anything wider stops every alert mail.
    const single = claimed.every(
      (row) => row.company_id === first.company_id && alertKindOf(row.kind as NotificationKind) === alertKindOf(first.kind as NotificationKind),
    );
    const scope =
      single && first.company_id ? { userId: user.id, companyId: first.company_id, kind: alertKindOf(first.kind as NotificationKind) } : { userId: user.id };
    const alerts: AlertItem[] = claimed.slice(0, ALERTS_PER_MAIL).map((row) => ({
      kind: row.kind as NotificationKind,
      company: row.company_id ? (companies.get(row.company_id) ?? '') : '',
      params: JSON.parse(row.params) as MessageParams,
    }));
    const { publicUrl, tokens } = this.options;
    await repos.mailOutbox.enqueue(
      {
        recipient: user.email,
        language: mailLanguage(user.language),
        content: {
          template: 'alerts',
          params: {
            alerts,
            total: claimed.length,
            digest: waiting.mode === 'digest',
            link: `${publicUrl}/notifications`,
            unsubscribe: unsubscribeLink(publicUrl, tokens.sign(scope)),
            scope: single && first.company_id ? 'one' : 'all',
          },
        },
      },
      at.toISOString(),
    );
    return true;
  }
}
