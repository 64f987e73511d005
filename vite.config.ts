import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = process.env.SAHIFA_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // Flags and icons stay separate files: the CSP allows images from 'self' and data:, but
    // separate files cache better than inlined ones.
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': apiServer, '/media': apiServer },
  },
});
