import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFound } from './errors.js';

/**
 * Routes the console SPA answers (spec §2): the public sign-in routes and every session route.
 * Everything else that is not /api belongs to the marketing site.
 */
export const CONSOLE_ROUTES = [
  'auth',
  'logout',
  'dashboard',
  'devices',
  'gateways',
  'profiles',
  'templates',
  'companies',
  'units',
  'groups',
  'notifications',
  'settings',
  'api-keys',
  'info',
  'tenants',
  'users',
  'import',
] as const;

export interface StaticSites {
  consoleDir: string;
  marketingDir: string;
}

function sendConsole(reply: FastifyReply, consoleDir: string): FastifyReply {
  // index.html must never be cached: it names the hashed bundles of the current build.
  return reply.header('cache-control', 'no-cache').sendFile('index.html', consoleDir, { cacheControl: false });
}

/** Serves the console build for its routes and the marketing build for the rest, both optional. */
export async function serveStaticSites(app: FastifyInstance, sites: StaticSites): Promise<void> {
  const hasConsole = fs.existsSync(path.join(sites.consoleDir, 'index.html'));
  const hasMarketing = fs.existsSync(sites.marketingDir);

  if (hasMarketing) {
    await app.register(fastifyStatic, { root: sites.marketingDir, prefix: '/', wildcard: true, redirect: true, index: ['index.html'] });
  }
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: path.join(sites.consoleDir, 'console-assets'),
      prefix: '/console-assets/',
      decorateReply: !hasMarketing,
      immutable: true,
      maxAge: '365d',
    });
    for (const route of CONSOLE_ROUTES) {
      app.get(`/${route}`, (_request, reply) => sendConsole(reply, sites.consoleDir));
      app.get(`/${route}/*`, (_request, reply) => sendConsole(reply, sites.consoleDir));
    }
  }

  const notFoundPage = path.join(sites.marketingDir, '404.html');
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET' || !fs.existsSync(notFoundPage)) {
      return reply.code(404).send(notFound().toBody());
    }
    return reply.code(404).type('text/html').sendFile('404.html', sites.marketingDir);
  });
}
