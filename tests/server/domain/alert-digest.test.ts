import { describe, expect, it } from 'vitest';
import { lastDigestMoment } from '../../../server/src/domain/alert-digest.js';
import { ALERT_MAX_WAIT_MS, ALERT_QUIET_MS, alertCutoff } from '../../../server/src/mail/alert-mailer.js';

describe('when alert mails leave', () => {
  it('takes the digest hour of today once it passed, else of yesterday', () => {
    expect(lastDigestMoment(new Date('2026-03-10T07:00:00.000Z'), 7).toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(lastDigestMoment(new Date('2026-03-10T06:59:59.999Z'), 7).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(lastDigestMoment(new Date('2026-03-10T23:30:00.000Z'), 0).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });

  it('mails a digest with the alerts up to its hour, and immediate alerts once the burst settled or waited too long', () => {
    const at = new Date('2026-03-10T12:00:00.000Z');
    const digest = { userId: 'u', mode: 'digest' as const, digestHour: 8, oldest: '2026-03-10T09:00:00.000Z', newest: '2026-03-10T11:00:00.000Z' };
    expect(alertCutoff(digest, at)).toBeUndefined();
    expect(alertCutoff({ ...digest, oldest: '2026-03-10T07:59:00.000Z' }, at)).toBe('2026-03-10T08:00:00.000Z');
    const iso = (ms: number) => new Date(at.getTime() - ms).toISOString();
    const burst = { ...digest, mode: 'immediate' as const, oldest: iso(ALERT_QUIET_MS), newest: iso(ALERT_QUIET_MS - 1) };
    expect(alertCutoff(burst, at)).toBeUndefined();
    expect(alertCutoff({ ...burst, newest: iso(ALERT_QUIET_MS) }, at)).toBe(at.toISOString());
    expect(alertCutoff({ ...burst, oldest: iso(ALERT_MAX_WAIT_MS) }, at)).toBe(at.toISOString());
  });
});
