import { COMPANY_ROLES, type CompanyRole } from '../domain/roles.js';
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../schemas/users.js';
import { NOTIFICATION_TEXTS, type NotificationKind } from '../schemas/messages.js';
import { ALERT_KINDS, type AlertKind } from '../schemas/notification-preferences.js';

export type Language = (typeof LANGUAGES)[number];

/** The mails the server sends, and the placeholders each one's texts use. */
export interface MailTemplates {
  password_reset: { subject: string; intro: string; action: string; outro: string };
  email_verification: { subject: string; intro: string; action: string; outro: string };
  email_change: { subject: string; intro: string; action: string; outro: string };
  email_change_notice: { subject: string; intro: string; action: string; outro: string };
  invite: { subject: string; intro: string; role: string; action: string; outro: string; roles: Record<CompanyRole, string> };
  alerts: {
    subject_one: string;
    subject_many: string;
    subject_digest: string;
    intro: string;
    intro_digest: string;
    line: string;
    more: string;
    action: string;
    outro: string;
    unsubscribe_one: string;
    unsubscribe_all: string;
    /** The notifications' texts (English: the server's own, schemas/messages.ts). */
    kinds: Record<NotificationKind, { title: string; message: string }>;
    /** The names of the choices (schemas/notification-preferences.ts), for the unsubscribe page. */
    kind_names: Record<AlertKind, string>;
  };
  rule_fired: RuleMailTexts;
  rule_resolved: RuleMailTexts;
}

interface RuleMailTexts {
  subject: string;
  intro: string;
  values: string;
  action: string;
  outro: string;
}

export type MailTemplate = keyof MailTemplates;

/** One language's mail texts (locales/<language>/mail.json); English is the reference. */
export interface MailCatalogue extends MailTemplates {
  layout: { greeting: string; signature: string; linkHint: string };
  /** The page an unsubscribe link opens. */
  unsubscribe: { title: string; done_kind: string; done_all: string; again: string };
}

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));

const lookup = (tree: Tree, dotted: string): string | Tree | undefined =>
  dotted.split('.').reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);

export const placeholders = (text: string): string[] => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1] ?? '').sort();

/** The keys English has (the reference) that `tree` lacks, or whose placeholders differ. */
export function catalogueProblems(reference: object, catalogue: object): string[] {
  const [english, tree] = [reference as Tree, catalogue as Tree];
  return keys(english).filter((key) => {
    const text = lookup(tree, key);
    return typeof text !== 'string' || placeholders(text).join() !== placeholders(lookup(english, key) as string).join();
  });
}

const read = (dir: string, language: Language): Tree => JSON.parse(fs.readFileSync(path.join(dir, language, 'mail.json'), 'utf8')) as Tree;

/**
 * Loads every language's mail catalogue once at start. A language that lacks a key English has
 * stops the start here, not the first mail that needs it at night.
 */
export function loadMailCatalogues(localesDir: string): Record<Language, MailCatalogue> {
  const english = read(localesDir, 'en');
  const expected: Tree = {
    layout: { greeting: '', signature: '', linkHint: '' },
    password_reset: { subject: '', intro: '', action: '', outro: '' },
    email_verification: { subject: '', intro: '', action: '', outro: '' },
    email_change: { subject: '', intro: '', action: '', outro: '' },
    email_change_notice: { subject: '', intro: '', action: '', outro: '' },
    invite: { subject: '', intro: '', role: '', action: '', outro: '', roles: Object.fromEntries(COMPANY_ROLES.map((role) => [role, ''])) },
    rule_fired: { subject: '', intro: '', values: '', action: '', outro: '' },
    rule_resolved: { subject: '', intro: '', values: '', action: '', outro: '' },
    alerts: {
      ...Object.fromEntries(
        ['subject_one', 'subject_many', 'subject_digest', 'intro', 'intro_digest', 'line', 'more', 'action', 'outro', 'unsubscribe_one', 'unsubscribe_all'].map(
          (key) => [key, ''],
        ),
      ),
      kinds: Object.fromEntries(Object.keys(NOTIFICATION_TEXTS).map((kind) => [kind, { title: '', message: '' }])),
      kind_names: Object.fromEntries(ALERT_KINDS.map((kind) => [kind, ''])),
    },
    unsubscribe: { title: '', done_kind: '', done_all: '', again: '' },
  };
  const missing = keys(expected).filter((key) => typeof lookup(english, key) !== 'string');
  if (missing.length > 0) throw new Error(`locales/en/mail.json lacks ${missing.join(', ')}`);
  const catalogues = {} as Record<Language, MailCatalogue>;
  for (const language of LANGUAGES) {
    const tree = language === 'en' ? english : read(localesDir, language);
    const problems = catalogueProblems(english, tree);
    if (problems.length > 0) throw new Error(`locales/${language}/mail.json: missing or with other placeholders than English: ${problems.join(', ')}`);
    catalogues[language] = tree as unknown as MailCatalogue;
  }
  return catalogues;
}

/** A user's language when the catalogue has it, else English. */
export const mailLanguage = (language: string | undefined): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';
