import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CONSOLE_NONCE_PLACEHOLDER, consolePolicy, marketingPolicy, newNonce, serializePolicy, supportChatOriginOf } from './content-security.js';
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
  'dashboards',
  'webhooks',
  'rules',
  'usage',
  'audit',
  'network',
  // The operator back-office (issue #17).
  'operator',
] as const;

export interface StaticSites {
  consoleDir: string;
  marketingDir: string;
}

/**
 * The sign-in routes' page: index.html with the sign-in pages drawn in (the console build's
 * auth.html, admin/auth/staticPages.ts), so the form shows before a script runs.
 */
const SIGN_IN_PAGE = 'auth.html';

/** A console page (index.html, or auth.html for the sign-in routes) with a fresh nonce in every tag the build marked, under the policy naming it. */
async function sendConsole(reply: FastifyReply, consoleDir: string, page = 'index.html'): Promise<FastifyReply> {
  const nonce = newNonce();
  const html = await fs.promises.readFile(path.join(consoleDir, page), 'utf8');
  return (
    reply
      // index.html must never be cached: it names the hashed bundles of the current build (and its nonce is single-use).
      .header('cache-control', 'no-cache')
      .header('content-security-policy', serializePolicy(consolePolicy(nonce, supportChatOriginOf(html))))
      .type('text/html; charset=utf-8')
      .send(html.replaceAll(CONSOLE_NONCE_PLACEHOLDER, nonce))
  );
}

/** The policy of each marketing page, computed from its markup once per version of the file. */
function marketingPolicies(): (file: string, stat: fs.Stats) => string {
  const known = new Map<string, { mtimeMs: number; size: number; policy: string }>();
  return (file, stat) => {
    const cached = known.get(file);
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.policy;
    const policy = serializePolicy(marketingPolicy(fs.readFileSync(file, 'utf8')));
    known.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, policy });
    return policy;
  };
}

/** Serves the console build for its routes and the marketing build for the rest, both optional. */
export async function serveStaticSites(app: FastifyInstance, sites: StaticSites): Promise<void> {
  const hasConsole = fs.existsSync(path.join(sites.consoleDir, 'index.html'));
  const hasMarketing = fs.existsSync(sites.marketingDir);

  if (hasMarketing) {
    const policyOf = marketingPolicies();
    await app.register(fastifyStatic, {
      root: sites.marketingDir,
      prefix: '/',
      wildcard: true,
      redirect: true,
      index: ['index.html'],
      // A page replaces the API's policy (http/security-headers.ts) with one naming its inline scripts and styles.
      setHeaders: (reply, file, stat) => {
        if (file.endsWith('.html')) reply.header('content-security-policy', policyOf(file, stat));
      },
    });
  }
  // One icon for both sites (marketing/static/favicon.svg; the console links it too). Browsers
  // that ask for the legacy /favicon.ico by habit are sent to it instead of a 404.
  if (fs.existsSync(path.join(sites.marketingDir, 'favicon.svg'))) {
    app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  }
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: path.join(sites.consoleDir, 'console-assets'),
      prefix: '/console-assets/',
      decorateReply: !hasMarketing,
      immutable: true,
      maxAge: '365d',
    });
    const signInPage = fs.existsSync(path.join(sites.consoleDir, SIGN_IN_PAGE)) ? SIGN_IN_PAGE : undefined;
    for (const route of CONSOLE_ROUTES) {
      const page = route === 'auth' ? signInPage : undefined;
      app.get(`/${route}`, (_request, reply) => sendConsole(reply, sites.consoleDir, page));
      app.get(`/${route}/*`, (_request, reply) => sendConsole(reply, sites.consoleDir, page));
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
