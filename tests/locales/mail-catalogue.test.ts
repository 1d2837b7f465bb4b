import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/mail.json';
import de from '../../locales/de/mail.json';
import { catalogueProblems, loadMailCatalogues, type MailCatalogue } from '../../server/src/mail/catalogue';
import { renderMail, type MailContent } from '../../server/src/mail/render';
import { NOTIFICATION_TEXTS } from '../../server/src/schemas/messages';

// English is the reference: both files must have the catalogue's shape (a missing key fails the type check).
const english: MailCatalogue = en;
const german: MailCatalogue = de;

const contents: Extract<Exclude<MailContent, { template: 'alerts' }>, { params: { link: string } }>[] = [
  { template: 'password_reset', params: { email: 'ana@example.com', link: 'https://c.example/auth/reset-password?token=abc' } },
  { template: 'email_verification', params: { email: 'ana@example.com', link: 'https://c.example/auth/verify-email?token=abc' } },
  { template: 'invite', params: { inviter: 'Bob <Boss>', company: 'Acme & Co', code: 'K3Y', link: 'https://c.example/companies?invite=K3Y' } },
];

describe('mail catalogues en/de', () => {
  const catalogues = loadMailCatalogues(path.resolve(import.meta.dirname, '../../locales'));

  it('German has every key of English with the same placeholders', () => {
    expect(catalogueProblems(english, german)).toEqual([]);
    expect(catalogueProblems(english, { ...german, invite: { ...german.invite, outro: 'ohne Code' } })).toEqual(['invite.outro']);
  });

  it.each(contents)('renders $template in English and German as text and HTML, placeholders filled and escaped', (content) => {
    const mails = { en: renderMail(content, catalogues, 'en'), de: renderMail(content, catalogues, 'de') };
    expect(mails.en.subject).toBe(
      english[content.template].subject.replace(/%\{(\w+)\}/g, (_w, name: string) => (content.params as Record<string, string>)[name] ?? ''),
    );
    expect(mails.de.subject).not.toBe(mails.en.subject);
    for (const mail of Object.values(mails)) {
      expect(mail.text).toContain(content.params.link);
      expect(mail.text).not.toMatch(/%\{/);
      expect(mail.html).toContain(`href="${content.params.link.replace(/&/g, '&amp;')}"`);
      expect(mail.html).not.toMatch(/%\{|<Boss>|Acme & Co/);
    }
    expect(mails.de.html).toContain('<html lang="de">');
  });

  it("names the invite's role in the recipient's language", () => {
    const invite = contents[2] as MailContent & { template: 'invite' };
    expect(renderMail({ ...invite, params: { ...invite.params, role: 'viewer' } }, catalogues, 'en').text).toContain(
      'Your role there: viewer (reads, changes nothing).',
    );
    expect(renderMail({ ...invite, params: { ...invite.params, role: 'admin' } }, catalogues, 'de').text).toContain('Ihre Rolle dort: Administrator.');
  });

  it.each(['rule_fired', 'rule_resolved'] as const)('renders %s with the values and a link on the console address, in English and German', (template) => {
    const content: MailContent = {
      template,
      params: { rule: 'Cold <room>', device: 'Sensor & 1', company: 'Acme', values: 'temperature = 9.5', path: '/rules/abc' },
    };
    const en = renderMail(content, catalogues, 'en', 'https://c.example');
    const de = renderMail(content, catalogues, 'de', 'https://c.example');
    expect(en.text).toContain('Values: temperature = 9.5');
    expect(de.text).toContain('Werte: temperature = 9.5');
    for (const mail of [en, de]) {
      expect(mail.text).toContain('https://c.example/rules/abc');
      expect(mail.html).toContain('href="https://c.example/rules/abc"');
      expect(mail.html).not.toMatch(/%\{|<room>|Sensor & 1/);
    }
    expect(en.text).toContain('Cold <room>');
    expect(de.text).toContain('Die Regel Cold <room>');
  });

  it("keeps the alerts' English texts the notifications' own", () => {
    expect(english.alerts.kinds).toEqual(NOTIFICATION_TEXTS);
  });

  it('renders alert mails in both languages: one alert, a burst with the rest counted, a digest; each with its unsubscribe link', () => {
    const alert = { kind: 'device_silent' as const, company: 'Acme & Co', params: { name: 'Probe <7>', minutes: 10, since: '2026-01-01T00:00:00Z' } };
    const params = { link: 'https://c.example/notifications', unsubscribe: 'https://c.example/api/mail/unsubscribe?token=t.s', digest: false };
    const one = renderMail({ template: 'alerts', params: { ...params, alerts: [alert], total: 1, scope: 'one' } }, catalogues, 'en');
    expect(one.subject).toBe('Alert: Device silent: Probe <7>');
    expect(one.text).toContain('Acme & Co: Device silent: Probe <7>. Probe <7> usually reports every 10 min');
    expect(one.text).toContain('Stop mails about this: https://c.example/api/mail/unsubscribe?token=t.s');
    expect(one.html).not.toMatch(/<7>|Acme & Co|%\{/);
    expect(one.unsubscribe).toBe(params.unsubscribe);
    const burst = renderMail({ template: 'alerts', params: { ...params, alerts: [alert, alert], total: 500, scope: 'all' } }, catalogues, 'de');
    expect(burst.subject).toBe('500 Alarme aus der LoRa Console');
    expect(burst.text).toContain('Gerät meldet sich nicht: Probe <7>');
    expect(burst.text).toContain('… und 498 weitere.');
    expect(burst.text).toContain('Keine Alarm-E-Mails mehr: https://c.example/api/mail/unsubscribe?token=t.s');
    const digest = renderMail({ template: 'alerts', params: { ...params, digest: true, alerts: [alert], total: 1, scope: 'one' } }, catalogues, 'en');
    expect(digest.subject).toBe('Your daily alert digest (1)');
  });
});
