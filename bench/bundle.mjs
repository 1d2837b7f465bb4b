// JavaScript a first visit downloads per console route, gzip-compressed, in Debian's Chromium:
// every script the page fetches until the network is idle. /auth is measured signed out, as it
// stands (drawn by the build: only the start-up module) and once the caret is in its form (the
// sign-in code a visitor loads, issue #20); the
// session routes with a user signed up through the page (the onboarding dialog is part of each
// visit, as for a new user); each route is a fresh page load with an empty memory cache. A session
// route counts once its view is drawn (the frame, the screen and the onboarding dialog, no progress
// bar) and no script has been asked for during a further second: on a loaded machine the browser's
// own "network idle" came while the start-up code was still being evaluated, before the screen's
// chunks were asked for, and the runs stopped at different points.
// Usage: node bench/bundle.mjs [base URL of a running instance, default http://localhost:8000]
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const base = (process.argv[2] ?? 'http://localhost:8000').replace(/\/$/, '');
const browser = await chromium.launch(chromiumLaunchOptions);

const drawn = () =>
  document.getElementById('main-content') !== null &&
  document.querySelector('[role="dialog"]') !== null &&
  document.querySelector('[role="progressbar"]') === null;

/** Resolves once no script has been requested or been in flight for `quietMs`. */
async function scriptsSettled(page, activity, quietMs = 1000) {
  for (;;) {
    const since = Date.now() - activity.last;
    if (activity.inFlight === 0 && since >= quietMs) return;
    await page.waitForTimeout(activity.inFlight === 0 ? quietMs - since : 100);
  }
}

async function measure(context, route, { focus, view } = {}) {
  const page = await context.newPage();
  const scripts = [];
  const activity = { inFlight: 0, last: Date.now() };
  const isScript = (request) => request.resourceType() === 'script';
  page.on('request', (request) => {
    if (!isScript(request)) return;
    activity.inFlight += 1;
    activity.last = Date.now();
  });
  const settle = (request) => {
    if (!isScript(request)) return;
    activity.inFlight -= 1;
    activity.last = Date.now();
  };
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
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
  if (view) {
    await page.waitForFunction(drawn, undefined, { timeout: 60_000 });
    await scriptsSettled(page, activity);
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
for (const route of ['/dashboard', '/devices', '/settings']) results.push(await measure(signedIn, route, { view: true }));
await browser.close();

const kib = (bytes) => (bytes / 1024).toFixed(0);
console.log('| route | scripts | JS raw KiB | JS gzip KiB |\n|---|---:|---:|---:|');
for (const result of results) console.log(`| \`${result.route}\` | ${result.files} | ${kib(result.raw)} | ${kib(result.gzip)} |`);
if (process.env.VERBOSE) for (const result of results) console.log(result.route, result.names.join(' '));
