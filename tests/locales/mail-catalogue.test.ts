import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en/mail.json';
import de from '../../locales/de/mail.json';
import { catalogueProblems, loadMailCatalogues, type MailCatalogue } from '../../server/src/mail/catalogue';
import { renderMail, type MailContent } from '../../server/src/mail/render';

// English is the reference: both files must have the catalogue's shape (a missing key fails the type check).
const english: MailCatalogue = en;
const german: MailCatalogue = de;

const contents: Extract<MailContent, { params: { link: string } }>[] = [
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
});
