import { createContext, useContext } from 'react';
import type { TBrand, TRuntimeConfig } from '@washboard/contracts';

export type TRuntime = { config: TRuntimeConfig; brand: TBrand };

export const RuntimeContext = createContext<TRuntime | null>(null);

/** The runtime configuration and the brand of this visit. */
export function useRuntime(): TRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeContext');
  return runtime;
}
