// The one place React's lazy() is imported: every lazy component goes through lazyWithin.
// eslint-disable-next-line no-restricted-imports
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** How long a page's code may take to arrive before the load counts as failed (accounts §9: 120 s). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A load that fails with a ChunkLoadError after `ms` when it has not settled by then. */
export function loadWithin<T>(load: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new Error(`The page's code did not arrive within ${ms / 1000} s`);
      error.name = 'ChunkLoadError';
      reject(error);
    }, ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * React's lazy() with the load bounded by CHUNK_LOAD_TIMEOUT_MS: a chunk that never arrives (a
 * stalled network) ends on the error screen instead of a loader shown for ever.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a component's own props, whatever they are
export function lazyWithin<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyExoticComponent<C> {
  return lazy(() => loadWithin(load));
}
