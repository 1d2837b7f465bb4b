import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { parseMail } from '../../server/helpers/smtp-receiver';

/** Where the e2e server writes its mail (no SMTP_URL: one .eml file per message, playwright.config.ts). */
const mailDir = () => path.join(String(process.env.E2E_DATA_DIR), 'mail');

/** The messages written so far to `address` whose subject matches, oldest first. */
function mailsTo(address: string, subject: RegExp) {
  if (!fs.existsSync(mailDir())) return [];
  return fs
    .readdirSync(mailDir())
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => fs.readFileSync(path.join(mailDir(), name), 'utf8'))
    .filter((raw) => new RegExp(`^To: ${address.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw))
    .map(parseMail)
    .filter((mail) => subject.test(mail.subject));
}

/** Waits for a mail to `address` whose subject matches, and answers the path and query of its link to `linkPath`. */
export async function linkInMail(address: string, subject: RegExp, linkPath: string): Promise<string> {
  await expect.poll(() => mailsTo(address, subject).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const mail = mailsTo(address, subject).at(-1);
  const link = mail?.text.match(/https?:\/\/\S+|\/\S+/g)?.find((candidate) => candidate.includes(linkPath));
  if (!link) throw new Error(`no link to ${linkPath} in:\n${mail?.text}`);
  const url = new URL(link, 'http://localhost');
  return `${url.pathname}${url.search}`;
}
