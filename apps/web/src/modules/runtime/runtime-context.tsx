import { createContext, useContext } from 'react';
import type { TBrand, TGamma, TRuntimeConfig } from '@washboard/contracts';

export type TRuntime = { config: TRuntimeConfig; brand: TBrand };

export const RuntimeContext = createContext<TRuntime | null>(null);

/** The runtime configuration and the brand of this visit. */
export function useRuntime(): TRuntime {
  const runtime = useContext(RuntimeContext);
  if (!runtime) throw new Error('useRuntime outside RuntimeContext');
  return runtime;
}

/**
 * The names under which this visit's brand sells the ranges (Kestrel: TL, CE, HPW; docs/brands.md).
 * Every screen that names a range goes through it: range names are the brand's, not the language's.
 */
export function useRangeName(): (gamma: TGamma) => string {
  const { brand } = useRuntime();
  return (gamma) => brand.rangeNames[gamma];
}
