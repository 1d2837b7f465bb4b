import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/database.js';
import { migrateToLatest } from '../../server/src/db/migrate.js';

/** One origin: console routes get the SPA, the rest the marketing build, unknown pages its 404. */
describe('serving the console and the marketing site', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lora-static-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('console/index.html', '<html>console</html>');
    write('console/console-assets/app-1234.js', 'console.log(1)');
    write('marketing/index.html', '<html>home</html>');
    write('marketing/pricing/index.html', '<html>pricing</html>');
    write('marketing/404.html', '<html>not found page</html>');
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dir, CONSOLE_DIR: path.join(dir, 'console'), MARKETING_DIR: path.join(dir, 'marketing') });
    const database = await openDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(database.db);
    app = await buildApp({ config, database, logger: false, serveStatic: true });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/auth', '/auth/reset', '/dashboard', '/devices', '/devices/123/show', '/tenants', '/logout', '/settings'])(
    'serves the console for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('<html>console</html>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it('serves hashed console assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/console-assets/app-1234.js' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['cache-control'])).toContain('immutable');
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
