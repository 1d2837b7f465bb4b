import { createHash, randomBytes } from 'node:crypto';

/**
 * The Content-Security-Policies of the one origin (issue #16): JSON answers may load nothing, the
 * console loads its own bundles and styles carrying the request's nonce, the marketing pages their
 * own files and exactly the inline scripts and styles of the page, by hash. Nothing allows
 * 'unsafe-inline' or 'unsafe-eval'.
 */
export type Directives = Record<string, string[]>;

/** What no page of ours needs: being framed, plugins, a changed base URL, forms to elsewhere. */
const LOCKDOWN: Directives = {
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
};

/** API answers (JSON), assets and anything else that is not a page: load nothing. */
export const API_POLICY: Directives = { 'default-src': ["'none'"], ...LOCKDOWN, 'form-action': ["'none'"] };

/** The Swagger UI under /api/docs: its own scripts and styles, and the OpenAPI document. */
export const DOCS_POLICY: Directives = { 'default-src': ["'self'"], 'img-src': ["'self'", 'data:'], ...LOCKDOWN };

/**
 * The placeholder Vite writes into the console's index.html as every tag's nonce (vite.config.ts
 * `html.cspNonce`); the server swaps in a fresh nonce per answer.
 */
export const CONSOLE_NONCE_PLACEHOLDER = 'CSP_NONCE_PLACEHOLDER';

/**
 * The console: emotion (MUI) writes <style> elements, which carry the nonce (admin/main.tsx reads
 * it from Vite's csp-nonce meta tag). Tenant logos are any http(s) address (spec §3), so images may
 * come from anywhere; style attributes are set through the CSSOM by React, which CSP allows.
 * The support chat, when the build configures one (its origin in index.html, vite.config.ts), loads
 * its script, frame and socket from its origin; its SDK injects <style> elements without our nonce,
 * so with a chat the console's styles are allowed inline (scripts never are).
 */
export function consolePolicy(nonce: string, supportChatOrigin?: string): Directives {
  const chat = supportChatOrigin ? [supportChatOrigin] : [];
  const chatSocket = supportChatOrigin ? [supportChatOrigin.replace(/^http/, 'ws')] : [];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, ...chat],
    'style-src': supportChatOrigin ? ["'self'", "'unsafe-inline'", ...chat] : ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:', ...chat],
    'worker-src': ["'self'", 'blob:'],
    ...(supportChatOrigin ? { 'connect-src': ["'self'", ...chat, ...chatSocket], 'frame-src': chat } : {}),
    ...LOCKDOWN,
  };
}

/** The support chat's origin the console build names in its index.html, if it has one. */
export function supportChatOriginOf(consoleHtml: string): string | undefined {
  const content = /<meta name="support-chat-origin" content="([^"]*)"/.exec(consoleHtml)?.[1];
  if (!content) return undefined;
  try {
    const url = new URL(content);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

export const newNonce = (): string => randomBytes(18).toString('base64');

const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const ENTITIES: Record<string, string> = { '&quot;': '"', '&amp;': '&', '&lt;': '<', '&gt;': '>', '&#x27;': "'", '&#39;': "'" };
/** A browser hashes an attribute's value after decoding entities; React's SSR escapes exactly these. */
const decodeAttribute = (value: string): string => value.replace(/&(?:quot|amp|lt|gt|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/**
 * A marketing page (Gatsby build): Gatsby inlines its loader scripts, the global CSS and a few
 * style attributes into every page, so the page's policy lists their hashes. The build writes
 * these tags in one fixed form, which is why a scan of the markup finds them all.
 */
export function marketingPolicy(html: string): Directives {
  const scripts = [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\ssrc=/.test(` ${attributes}`))
    .map(([, , body = '']) => body);
  const styles = [...html.matchAll(/<style(?:\s[^>]*)?>([\s\S]*?)<\/style>/g)].map(([, body = '']) => body);
  const styleAttributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map(([, value = '']) => decodeAttribute(value));
  const unique = (texts: string[]) => [...new Set(texts.map(hashSource))];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...unique(scripts)],
    'style-src': ["'self'", ...unique(styles)],
    'style-src-attr': styleAttributes.length > 0 ? ["'unsafe-hashes'", ...unique(styleAttributes)] : ["'none'"],
    'img-src': ["'self'", 'data:'],
    ...LOCKDOWN,
  };
}

/** The header value of a policy. */
export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
