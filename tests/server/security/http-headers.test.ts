import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticApp, type StaticApp } from '../helpers/static-app.js';

/** The directives of a Content-Security-Policy header: name → sources. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The headers every answer carries, page or JSON (issue #16, deliverable 5). */
function expectHardened(response: LightMyRequestResponse): void {
  const policy = directives(response);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(String(response.headers['content-security-policy'])).not.toMatch(/unsafe-inline|unsafe-eval/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('no-referrer');
}

const SCRIPT = 'window.pagePath="/pricing/";';
const STYLE = ':root{--ink:#0f172a}';
const MARKETING_PAGE =
  `<html><head><style data-identity="gatsby-global-css">${STYLE}</style><script>${SCRIPT}</script></head>` +
  `<body><div style="outline:none" tabindex="-1"><p style="font-family:&quot;Inter&quot;">Hi</p></div>` +
  `<script src="/app-1.js" async></script></body></html>`;
const CONSOLE_PAGE =
  '<html><head><meta property="csp-nonce" nonce="CSP_NONCE_PLACEHOLDER" />' +
  '<script type="module" nonce="CSP_NONCE_PLACEHOLDER" src="/console-assets/index-1.js"></script></head><body><div id="root"></div></body></html>';

describe('security headers on console, marketing site and API', () => {
  let site: StaticApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    site = await createStaticApp({
      'console/index.html': CONSOLE_PAGE,
      'console/console-assets/index-1.js': 'console.log(1)',
      'marketing/pricing/index.html': MARKETING_PAGE,
      'marketing/index.html': '<html><body>home</body></html>',
      'marketing/404.html': `<html><head><script>${SCRIPT}404</script></head></html>`,
      'marketing/app-1.js': 'console.log(2)',
    });
    app = site.app;
  });
  afterAll(async () => site.close());

  it('lets JSON answers load nothing, success or failure', async () => {
    for (const response of [
      await app.inject({ method: 'GET', url: '/api/version' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'GET', url: '/api/device/' }),
      await app.inject({ method: 'POST', url: '/api/auth/signin', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ]) {
      expectHardened(response);
      expect(directives(response).get('default-src')).toEqual(["'none'"]);
    }
  });

  it('gives every console page a fresh nonce, the same one its index.html carries', async () => {
    const first = await app.inject({ method: 'GET', url: '/devices' });
    const second = await app.inject({ method: 'GET', url: '/auth' });
    for (const response of [first, second]) {
      expectHardened(response);
      const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
      expect(nonce).toBeDefined();
      expect(response.body).not.toContain('CSP_NONCE_PLACEHOLDER');
      expect(directives(response).get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(directives(response).get('script-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
    }
    expect(/nonce="([^"]+)"/.exec(first.body)?.[1]).not.toBe(/nonce="([^"]+)"/.exec(second.body)?.[1]);
  });

  it('lists exactly the inline scripts, styles and style attributes of a marketing page by hash', async () => {
    const response = await app.inject({ method: 'GET', url: '/pricing/' });
    expect(response.statusCode).toBe(200);
    expectHardened(response);
    const policy = directives(response);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(SCRIPT)]);
    expect(policy.get('style-src')).toEqual(["'self'", sha256(STYLE)]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-hashes'", sha256('outline:none'), sha256('font-family:"Inter"')]);
  });

  it('gives a page without inline code a policy without hashes', async () => {
    const policy = directives(await app.inject({ method: 'GET', url: '/' }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src-attr')).toEqual(["'none'"]);
  });

  it('hashes the not-found page’s own inline script', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expectHardened(response);
    expect(directives(response).get('script-src')).toEqual(["'self'", sha256(`${SCRIPT}404`)]);
  });

  it('serves scripts and assets under the API’s policy', async () => {
    for (const url of ['/app-1.js', '/console-assets/index-1.js']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectHardened(response);
      expect(directives(response).get('default-src')).toEqual(["'none'"]);
    }
  });

  it('lets the API docs page load its own scripts and the document', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectHardened(page);
    expect(directives(page).get('default-src')).toEqual(["'self'"]);
  });
});

describe('the console’s policy with a support chat configured', () => {
  it('allows the chat’s origin for its script, frame and socket, and styles inline (its SDK injects them without our nonce)', async () => {
    const site = await createStaticApp({
      'console/index.html': CONSOLE_PAGE.replace('<head>', '<head><meta name="support-chat-origin" content="https://chat.example.com" />'),
    });
    try {
      const policy = directives(await site.app.inject({ method: 'GET', url: '/devices' }));
      const nonce = policy.get('script-src')?.[1];
      expect(policy.get('script-src')).toEqual(["'self'", nonce, 'https://chat.example.com']);
      expect(policy.get('frame-src')).toEqual(['https://chat.example.com']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://chat.example.com', 'wss://chat.example.com']);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://chat.example.com']);
    } finally {
      await site.close();
    }
  });
});
