import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticApp, type StaticApp } from './helpers/static-app.js';

/** One origin: console routes get the SPA, the rest the marketing build, unknown pages its 404. */
describe('serving the console and the marketing site', () => {
  let site: StaticApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    site = await createStaticApp({
      'console/index.html': '<html>console</html>',
      'console/console-assets/app-1234.js': 'console.log(1)',
      'marketing/index.html': '<html>home</html>',
      'marketing/pricing/index.html': '<html>pricing</html>',
      'marketing/404.html': '<html>not found page</html>',
      'marketing/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    });
    app = site.app;
  });
  afterAll(async () => site.close());

  it.each(['/auth', '/auth/reset', '/dashboard', '/devices', '/devices/123/show', '/tenants', '/logout', '/settings', '/rules/123'])(
    'serves the console for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<html>console</html>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves the sign-in routes the page with the drawn sign-in form when the build made one, with a fresh nonce', async () => {
    const drawn = await createStaticApp({
      'console/index.html': '<html>console</html>',
      'console/auth.html': '<html><style nonce="CSP_NONCE_PLACEHOLDER"></style>sign-in</html>',
    });
    try {
      for (const url of ['/auth', '/auth/signup', '/auth/reset-password']) {
        const response = await drawn.app.inject({ method: 'GET', url });
        const nonce = /nonce="([^"]+)"/.exec(response.body)?.[1];
        expect(response.body).toMatch(/^<html><style nonce="[^"]+"><\/style>sign-in<\/html>$/);
        expect(nonce).not.toBe('CSP_NONCE_PLACEHOLDER');
        expect(String(response.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
      }
      expect((await drawn.app.inject({ method: 'GET', url: '/devices' })).body).toBe('<html>console</html>');
    } finally {
      await drawn.close();
    }
  });

  it('serves hashed console assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/console-assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['cache-control'])).toContain('immutable');
  });

  it('serves the favicon, and sends the habitual /favicon.ico to it (no 404 in the console)', async () => {
    const legacy = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe('/favicon.svg');
    const icon = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves the marketing pages for the rest', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe('<html>home</html>');
    expect((await app.inject({ method: 'GET', url: '/pricing/' })).body).toBe('<html>pricing</html>');
  });

  it('answers unknown pages with the marketing not-found page and status 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('<html>not found page</html>');
  });

  it('keeps unknown API paths JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'notFound' });
  });

  it('serves the API docs page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
