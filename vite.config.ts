import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is built into dist/admin and served by the API server for the app routes.
// Assets live under /console-assets so they never collide with the marketing build.
export default defineConfig({
  root: 'admin',
  plugins: [react()],
  envDir: '..',
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
});
