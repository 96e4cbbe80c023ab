// Starts the chain walker's thread from the TypeScript sources (tsx, vitest): a worker does not
// inherit the process's loader, so the worker script is loaded through tsx's API.
import { tsImport } from 'tsx/esm/api';

await tsImport('./chain-walk.worker.ts', import.meta.url);
