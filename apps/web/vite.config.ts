import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
// Full file names (.ts): Vite's native config loader, planned as its default, resolves no others.
import { companionShell } from './build/companion-shell.ts';
import { COMPANION_RUNTIME_CACHE, COMPANION_RUNTIME_FILES } from './src/companion/runtime-cache.ts';
// The catalogue's own files (they import only types): bundled into this config, so the parts are cut at build time.
import { de } from '../../packages/contracts/src/i18n/de.ts';
import { en } from '../../packages/contracts/src/i18n/en.ts';
import { es } from '../../packages/contracts/src/i18n/es.ts';
import { fr } from '../../packages/contracts/src/i18n/fr.ts';
import { it } from '../../packages/contracts/src/i18n/it.ts';
import { cataloguePart, CATALOGUE_PARTS, type TCataloguePart } from '../../packages/contracts/src/i18n/parts.ts';

// In development the API runs on :8080 (npm run dev starts both); production serves dist/ itself.
const api = process.env.WASHBOARD_API ?? 'http://localhost:8080';
const outDir = path.resolve(import.meta.dirname, 'dist');

type TManifestChunk = { file: string; css?: string[]; assets?: string[]; imports?: string[]; dynamicImports?: string[] };

/**
 * Every file the companion (entry `app/index.html`) can load, from Vite's build manifest: its chunk,
 * the chunks it imports statically or lazily, their styles and assets. The service worker precaches
 * exactly these, so the app opens offline and the dashboard's own pages are not downloaded with it.
 */
function companionFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    TManifestChunk
  >;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const file of [entry.file, ...(entry.css ?? []), ...(entry.assets ?? [])]) files.add(file);
    for (const next of [...(entry.imports ?? []), ...(entry.dynamicImports ?? [])]) visit(next);
  };
  visit('app/index.html');
  return files;
}

const CATALOGUES = { it, en, fr, de, es };
const CATALOGUE_PREFIX = 'virtual:catalogue/';

/**
 * `virtual:catalogue/<language>/<part>`: one part of a language's catalogue as its own module, so
 * its own chunk (docs/texts.md). The server-only namespaces are in no part.
 */
function catalogueParts(): Plugin {
  return {
    name: 'washboard-catalogue-parts',
    resolveId: (id) => (id.startsWith(CATALOGUE_PREFIX) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${CATALOGUE_PREFIX}`)) return undefined;
      const [lang, part] = id.slice(CATALOGUE_PREFIX.length + 1).split('/') as [keyof typeof CATALOGUES, TCataloguePart];
      const catalogue = CATALOGUES[lang];
      if (!catalogue || !(part in CATALOGUE_PARTS)) throw new Error(`no catalogue part ${id.slice(1)}`);
      return `export default ${JSON.stringify(cataloguePart(catalogue, part))};`;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    catalogueParts(),
    companionShell(),
    // Brotli and gzip copies beside each text file: the server sends them as they are (preCompressed).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|mjs|css|html|svg|json|webmanifest)$/ }),
    // The companion's service worker only (docs/companion.md): at /app/sw.js, so its scope is /app/
    // and the dashboard never has one. The manifest comes from the server, per brand.
    VitePWA({
      strategies: 'generateSW',
      filename: 'app/sw.js',
      scope: '/app/',
      base: '/app/',
      manifest: false,
      injectRegister: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        manifestTransforms: [
          (entries) => {
            const files = companionFiles();
            // The URLs are absolute by now (modifyURLPrefix below runs first).
            const keep = entries.filter(({ url }) => {
              const file = url.replace(/^\//, '');
              return files.has(file) || file === 'app/index.html' || file === 'favicon.svg' || file.startsWith('app/icons/');
            });
            return { manifest: keep, warnings: [] };
          },
        ],
        // Precache entries are relative to the worker (/app/); the files live at the root.
        modifyURLPrefix: { '': '/' },
        navigateFallback: '/app/index.html',
        navigateFallbackAllowlist: [/^\/app(\/|$)/],
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            // The runtime configuration and the brand's manifest: fresh when online, the last copy offline.
            // A RegExp, not a function: generateSW writes the pattern into the worker as source text.
            urlPattern: new RegExp(
              `^[^?#]*//[^/]+(${COMPANION_RUNTIME_FILES.map((f) => f.replace(/[.]/g, '\\.')).join('|')})([?#]|$)`,
            ),
            handler: 'NetworkFirst',
            options: { cacheName: COMPANION_RUNTIME_CACHE, networkTimeoutSeconds: 4 },
          },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      [
        '/api',
        '/oauth2',
        '/.well-known',
        '/config.json',
        '/app/manifest.webmanifest',
        '/docs',
        '/openapi.json',
        '/healthz',
        '/readyz',
        '/dev',
      ].map((p) => [p, { target: api, ws: p === '/api' }]),
    ),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    manifest: true,
    rollupOptions: {
      input: {
        dashboard: path.resolve(import.meta.dirname, 'index.html'),
        companion: path.resolve(import.meta.dirname, 'app/index.html'),
      },
    },
  },
});
