// Lighthouse (npm `lighthouse`, mobile preset) on Debian's chromium for the marketing pages of a
// running instance, or the pages named after the base URL (`/auth` for the sign-in page).
// Usage: node bench/lighthouse.mjs [base URL, default http://localhost:8000] [page …]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const base = (process.argv[2] ?? 'http://localhost:8000').replace(/\/$/, '');
const pages = process.argv.length > 3 ? process.argv.slice(3) : ['/', '/pricing/', '/calculator/', '/de/'];
const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
const flags = ['--headless', ...chromiumLaunchOptions.args].join(' ');

for (const page of pages) {
  const out = path.join(dir, 'report.json');
  execFileSync(
    bin,
    [
      `${base}${page}`,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=${flags}`,
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? chromiumLaunchOptions.executablePath },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const { categories, audits } = JSON.parse(fs.readFileSync(out, 'utf8'));
  const score = (key) => Math.round(categories[key].score * 100);
  console.log(
    `${page.padEnd(14)} performance ${score('performance')}  accessibility ${score('accessibility')}  best practices ${score('best-practices')}  SEO ${score('seo')}  ` +
      `LCP ${audits['largest-contentful-paint'].displayValue}  CLS ${audits['cumulative-layout-shift'].displayValue}`,
  );
}
fs.rmSync(dir, { recursive: true, force: true });
