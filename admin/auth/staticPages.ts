import type { Language } from '../common/language';
import type { ThemeMode } from '../layout/theme';

/**
 * The sign-in pages the build draws ahead of time into auth.html (issue #20: the form is on screen
 * before a script runs, and the scripts run only once the visitor starts to use it; see intent.ts).
 */
export const STATIC_PAGES = ['signin', 'signup'] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

/** The id of a drawn page's <template> in auth.html; showStaticSignIn spells the same ids. */
export const staticPageId = (page: StaticPage, language: Language, mode: ThemeMode): string => `auth-${page}-${language}-${mode}`;

/**
 * Puts the drawn page that fits this visit into #root: the address (sign-in or sign-up, nothing
 * after `?`, whose links the drawn page would lose), the language and theme saved on this browser
 * (spec §3's `language`, the console's `theme`), else the system's theme. Shows nothing to a
 * browser that holds a signed-in user, whom the scripts send on to the console at once.
 *
 * auth.html runs this function's own source as an inline script before the first paint, so it
 * must not use a name from outside its body (its storage keys are checked against STORAGE_KEYS
 * by the tests).
 */
export function showStaticSignIn(): void {
  const path = window.location.pathname.replace(/\/+$/, '');
  const page = path === '/auth' ? 'signin' : path === '/auth/signup' ? 'signup' : null;
  if (!page || window.location.search) return;
  let language: string | null = null;
  let theme: string | null = null;
  try {
    if (window.localStorage.getItem('user') !== null) return;
    language = window.localStorage.getItem('language');
    theme = window.localStorage.getItem('theme');
  } catch {
    // Storage refused (private mode): the defaults below, as the console's own storage access does.
  }
  const lang = language === 'de' ? 'de' : 'en';
  const mode = theme === 'dark' || theme === 'light' ? theme : window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  const template = document.getElementById(`auth-${page}-${lang}-${mode}`);
  const root = document.getElementById('root');
  if (!(template instanceof HTMLTemplateElement) || !root) return;
  root.appendChild(template.content.cloneNode(true));
  root.dataset.prerendered = page;
  document.documentElement.lang = lang;
  document.title = template.dataset.title ?? document.title;
}

/** What the build renders (prerender.tsx). */
export interface SignInPages {
  css: string;
  pages: { id: string; title: string; markup: string }[];
}

const NONCE = 'CSP_NONCE_PLACEHOLDER';
const escapeAttribute = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * auth.html: the console's index.html with the drawn pages' styles, the pages as templates and
 * the picker. The styles and the script carry the nonce placeholder the server replaces per answer
 * (server/src/http/content-security.ts), so the page keeps the console's Content-Security-Policy.
 */
export function signInDocument(indexHtml: string, { css, pages }: SignInPages, picker: string): string {
  if (!indexHtml.includes('<div id="root"></div>') || !indexHtml.includes('</head>')) throw new Error('index.html lacks #root or </head>');
  const templates = pages.map(({ id, title, markup }) => `<template id="${id}" data-title="${escapeAttribute(title)}">${markup}</template>`).join('');
  return indexHtml
    .replace('</head>', `<style nonce="${NONCE}">${css}</style></head>`)
    .replace('<div id="root"></div>', `<div id="root"></div>${templates}<script nonce="${NONCE}">(${picker})();</script>`);
}
