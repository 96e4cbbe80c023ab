import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Loading } from '../ui/Loading';
import { lazyWithin } from '../ui/lazy-within';

/** A lazily loaded screen: each is its own chunk, so the first screen downloads only itself. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a screen's own props, whatever they are
export function screen<K extends string, P extends Record<string, any>>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) {
  return lazyWithin(() => load().then((m) => ({ default: m[name] })));
}

/** A lazy screen with its loader. */
export function page(element: ReactNode) {
  return <Suspense fallback={<Loading />}>{element}</Suspense>;
}
