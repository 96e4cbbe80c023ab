// Bundles the server into dist/main.js (with its worker threads' scripts, dist/*.worker.js) and its lazily loaded chunks: workspace sources are bundled, npm packages stay external.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';

await rm('dist', { recursive: true, force: true });
await build({
  // Worker threads (workers/worker-thread.ts) — the HACCP chain's verifier (chain-walker.ts) and
  // the weekly report's renderer (weekly-report-renderer.ts) — have entries of their own, beside main.js.
  entryPoints: {
    main: 'src/main.ts',
    'chain-walk.worker': 'src/haccp/chain/chain-walk.worker.ts',
    'weekly-report.worker': 'src/notifications/weekly-report.worker.ts',
    // The embedded database's thread (db/pglite-thread.ts).
    'pglite.worker': 'src/db/pglite.worker.mjs',
  },
  outdir: 'dist',
  // The demo (and the simulator it runs) is imported only when demo mode is on: its own chunk, which
  // a deployment never loads.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: {
    '@washboard/contracts': '../../packages/contracts/src/index.ts',
    '@washboard/simulator': '../simulator/src/index.ts',
  },
  logLevel: 'warning',
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
