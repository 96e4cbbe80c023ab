import { createContext, useContext } from 'react';
import { isNetworkError } from './api-client';

/**
 * Whether screens keep their last data on screen when a reload cannot reach the server. Only the
 * companion provides `true`: its screens say "offline — data from …" (`StaleMarker`); the dashboard
 * has no such marker, so there a failed reload shows its error as before.
 */
export const StaleDataContext = createContext(false);

/** Whether this screen shows data whose reload never reached the server (companion only). */
export function useKeepsStaleData(): boolean {
  return useContext(StaleDataContext);
}

/** A query whose last data stay on screen: it has data, and only its reload failed, for want of a network. */
export function showsLastData(query: { isRefetchError: boolean; error: unknown }, keepsStaleData: boolean): boolean {
  return keepsStaleData && query.isRefetchError && isNetworkError(query.error);
}
