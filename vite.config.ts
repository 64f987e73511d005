import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { loadContent } from './src/server/content/load-content.js';

const apiServer = process.env.SAHIFA_API ?? 'http://127.0.0.1:3000';

/** In development Vite serves index.html: put the owner's identity in, as the server does in production. */
function siteDataInDevelopment(): Plugin {
  return {
    name: 'sahifa-site-data',
    apply: 'serve',
    transformIndexHtml(html) {
      const { identity } = loadContent(process.env.CONTENT_DIR ?? 'content');
      const json = JSON.stringify({ identity }).replace(/</g, '\\u003c');
      return html.replace('<!--site-data-->', `<script id="site-data" type="application/json">${json}</script>`);
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), siteDataInDevelopment()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // Flags stay separate files: they cache better than inlined data.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': apiServer, '/media': apiServer },
  },
});
