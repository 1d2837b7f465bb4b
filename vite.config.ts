import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The console is built into dist/admin and served by the API server for the app routes.
// Assets live under /console-assets so they never collide with the marketing build.
export default defineConfig({
  root: 'admin',
  plugins: [react()],
  envDir: '..',
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
