// JavaScript a first visit downloads per console route, gzip-compressed, in Debian's Chromium:
// every script the page fetches until the network is idle. /auth is measured signed out, as it
// stands (drawn by the build: only the start-up module) and once the caret is in its form (the
// sign-in code a visitor loads, issue #20); the
// session routes with a user signed up through the page (the onboarding dialog is part of each
// visit, as for a new user); each route is a fresh page load with an empty memory cache.
// Usage: node bench/bundle.mjs [base URL of a running instance, default http://localhost:8000]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const base = (process.argv[2] ?? 'http://localhost:8000').replace(/\/$/, '');
const browser = await chromium.launch(chromiumLaunchOptions);

async function measure(context, route, { focus } = {}) {
  const page = await context.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
  if (focus) {
    await page.locator(focus).first().click();
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
  }
  await page.close();
  const sum = (key) => scripts.reduce((total, script) => total + script[key], 0);
  return {
    route: focus ? `${route} (in use)` : route,
    files: scripts.length,
    raw: sum('raw'),
    gzip: sum('gzip'),
    names: scripts.map((s) => s.url.split('/').pop()),
  };
}

const signedOut = await browser.newContext();
const results = [await measure(signedOut, '/auth'), await measure(signedOut, '/auth', { focus: 'input[type="email"]' })];

const signedIn = await browser.newContext();
const signUpPage = await signedIn.newPage();
await signUpPage.goto(`${base}/auth/signup`);
await signUpPage.getByLabel('Email').fill(`bundle-${Date.now()}@example.com`);
await signUpPage.getByLabel('Password').fill('bundle-pass-42');
await signUpPage.getByRole('button', { name: 'Sign up' }).click();
await signUpPage.waitForURL(/\/settings$/);
await signUpPage.close();
for (const route of ['/dashboard', '/devices', '/settings']) results.push(await measure(signedIn, route));
await browser.close();

const kib = (bytes) => (bytes / 1024).toFixed(0);
console.log('| route | scripts | JS raw KiB | JS gzip KiB |\n|---|---:|---:|---:|');
for (const result of results) console.log(`| \`${result.route}\` | ${result.files} | ${kib(result.raw)} | ${kib(result.gzip)} |`);
if (process.env.VERBOSE) for (const result of results) console.log(result.route, result.names.join(' '));
