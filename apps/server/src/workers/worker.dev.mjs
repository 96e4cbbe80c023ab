// Starts a worker thread from its TypeScript source (tsx, vitest; worker-thread.ts): a worker does
// not inherit the process's loader, so the source named by the thread's argument is loaded through
// tsx's API, with the server's tsconfig (its JSX settings) wherever the process was started.
import { URL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

await tsImport(process.argv[2], {
  parentURL: import.meta.url,
  tsconfig: new URL('../../tsconfig.json', import.meta.url).pathname,
});
