import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type CSSModulesOptions, defineConfig, type Plugin } from 'vite';
import { failOnBuildWarnings } from './scripts/build-warnings.js';
import { ComposedCssLoader } from './scripts/css-modules-loader.js';
import { loadContent } from './src/server/content/load-content.js';
import { SITE_DATA_PLACEHOLDER, siteDataScript } from './src/shared/site-data.js';

const apiServer = process.env.SAHIFA_API ?? 'http://127.0.0.1:3000';

/** In development Vite serves index.html: put the owner's identity in, as the server does in production. */
function siteDataInDevelopment(): Plugin {
  return {
    name: 'sahifa-site-data',
    apply: 'serve',
    transformIndexHtml(html) {
      const { identity } = loadContent(process.env.CONTENT_DIR ?? 'content');
      // A function, not a string: owner text such as `$'` must not be read as a replacement pattern.
      return html.replace(SITE_DATA_PLACEHOLDER, () => siteDataScript({ identity }));
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Every built file, compressed once at build time with brotli at quality 11 and gzip at level 9 next
 * to it (`x.js.br`, `x.js.gz`), so the server never compresses per request. A copy that saves less
 * than 5% (fonts and pictures are compressed already) is not written. Source maps are left alone:
 * they are private unless the owner serves them (SERVE_SOURCE_MAPS).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sahifa-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (readdirSync(outDir, { recursive: true }) as string[])
        .map((relative) => path.join(outDir, relative))
        // index.html is the server's template, never sent as it is.
        .filter(
          (file) =>
            statSync(file).isFile() && !/\.(?:br|gz|map)$/.test(file) && file !== path.join(outDir, 'index.html'),
        );
      await Promise.all(
        files.map(async (file) => {
          const bytes = readFileSync(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length * 0.95) writeFileSync(`${file}.br`, br);
          if (gzipped.length < bytes.length * 0.95) writeFileSync(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

// postcss-modules takes the loader of composed files as `Loader`; Vite passes it on without typing it.
const cssModules: CSSModulesOptions & { Loader: typeof ComposedCssLoader } = { Loader: ComposedCssLoader };

// Two builds from one config: the browser's (`vite build`, into dist/web) and the server bundle that
// renders pages (`vite build --ssr entry-server.tsx`, into dist/ssr; the server loads it at start-up).
export default defineConfig(({ isSsrBuild, command }) => {
  const warnings = command === 'build' ? failOnBuildWarnings() : undefined;
  return {
    root: 'src/web',
    publicDir: isSsrBuild ? false : 'public',
    customLogger: warnings?.logger,
    plugins: [
      react(),
      ...(isSsrBuild ? [] : [siteDataInDevelopment(), precompress()]),
      ...(warnings ? [warnings.plugin] : []),
    ],
    css: { modules: cssModules },
    build: isSsrBuild
      ? {
          outDir: '../../dist/ssr',
          emptyOutDir: true,
          // The same asset names as the browser build (flags), so server and browser markup agree.
          assetsInlineLimit: 0,
          rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
        }
      : {
          outDir: '../../dist/web',
          emptyOutDir: true,
          assetsDir: 'assets',
          // Written for the developer, never linked from the scripts; served only with SERVE_SOURCE_MAPS.
          sourcemap: 'hidden' as const,
          // Flags stay separate files: they cache better than inlined data.
          assetsInlineLimit: 0,
          // `.vite/manifest.json`: which styles, fonts and chunks each module needs, for the server to
          // put a page's own styles and font preloads into its HTML (server/plugins/page-assets.ts).
          manifest: true,
        },
    // The server bundle takes the icon sets in, shaken down to the icons used: left external, Node would
    // load every icon either set has (thousands of components, about 20 MB of the server's memory).
    ssr: { noExternal: ['@tabler/icons-react', 'lucide-react'] },
    server: {
      proxy: { '/api': apiServer, '/media': apiServer },
    },
  };
});
