// Bundles the server into dist/main.js (with the chain walker's thread, dist/chain-walk.worker.js) and its lazily loaded chunks: workspace sources are bundled, npm packages stay external.
import { build } from 'esbuild';
import { cp, rm } from 'node:fs/promises';

await rm('dist', { recursive: true, force: true });
await build({
  // The HACCP chain's verifier walks chains on a worker thread (chain-walker.ts): its script is an
  // entry of its own, beside main.js.
  entryPoints: { main: 'src/main.ts', 'chain-walk.worker': 'src/haccp/chain/chain-walk.worker.ts' },
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
