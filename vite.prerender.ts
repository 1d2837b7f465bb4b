import { createServer, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { SignInPages } from './admin/auth/staticPages';

interface PrerenderModule {
  prerenderSignInPages: () => Promise<SignInPages>;
}
interface StaticPagesModule {
  showStaticSignIn: () => void;
  signInDocument: (indexHtml: string, pages: SignInPages, picker: string) => string;
}

/**
 * Writes auth.html next to index.html: the sign-in and sign-up pages drawn by their own React
 * components in each language and theme, which the server sends for /auth (issue #20; see
 * admin/auth/staticPages.ts). The components are loaded through Vite's server-side module loader,
 * so they are the same sources the browser bundle is built from.
 */
export const prerenderSignIn = (plugins: Plugin[]): Plugin => ({
  name: 'prerender-sign-in',
  apply: 'build',
  enforce: 'post',
  async generateBundle(_options, bundle) {
    const index = bundle['index.html'];
    if (!index || index.type !== 'asset') return;
    const server = await createServer({
      configFile: false,
      root: 'admin',
      logLevel: 'error',
      appType: 'custom',
      plugins: [react(), ...plugins],
      server: { middlewareMode: true, hmr: false, ws: false },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    try {
      const { prerenderSignInPages } = (await server.ssrLoadModule('/auth/prerender.tsx')) as PrerenderModule;
      const { showStaticSignIn, signInDocument } = (await server.ssrLoadModule('/auth/staticPages.ts')) as StaticPagesModule;
      const source = signInDocument(String(index.source), await prerenderSignInPages(), showStaticSignIn.toString());
      this.emitFile({ type: 'asset', fileName: 'auth.html', source });
    } finally {
      await server.close();
    }
  },
});
