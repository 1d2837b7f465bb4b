import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { prerenderSignIn } from './vite.prerender';

/** Names the support chat's origin in index.html, so the server's Content-Security-Policy allows it (server/src/http/content-security.ts). */
const supportChatOrigin = (chatUrl: string | undefined): Plugin => ({
  name: 'support-chat-origin',
  transformIndexHtml: () => (chatUrl ? [{ tag: 'meta', attrs: { name: 'support-chat-origin', content: new URL(chatUrl).origin }, injectTo: 'head' }] : []),
});

/**
 * node-polyglot's Object.entries polyfill (object.entries and a dozen helper packages, about 5 KiB
 * gzip on every page, the sign-in page's too): every browser the console supports has it natively.
 */
const nativeObjectEntries = (): Plugin => ({
  name: 'native-object-entries',
  enforce: 'pre',
  resolveId: (id) => (id === 'object.entries' ? '\0object.entries' : null),
  load: (id) => (id === '\0object.entries' ? 'module.exports = Object.entries;' : null),
});

// The console is built into dist/admin and served by the API server for the app routes.
// Assets live under /console-assets so they never collide with the marketing build.
export default defineConfig(({ mode }) => ({
  root: 'admin',
  plugins: [react(), nativeObjectEntries(), supportChatOrigin(loadEnv(mode, '..', 'VITE_').VITE_CHAT_URL), prerenderSignIn([nativeObjectEntries()])],
  envDir: '..',
  // The one favicon of both sites; the dev server serves it at /favicon.svg as the marketing build does.
  publicDir: '../marketing/static',
  // Every tag gets this nonce placeholder (and a csp-nonce meta tag for emotion, admin/main.tsx);
  // the server swaps in a fresh nonce per answer (server/src/http/content-security.ts).
  html: { cspNonce: 'CSP_NONCE_PLACEHOLDER' },
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    assetsDir: 'console-assets',
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8000' },
  },
}));
