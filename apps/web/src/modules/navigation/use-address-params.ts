import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query parameters and a setter that pages keep their filters, sort and page with (a
 * reload or a shared link shows the same list): an empty value removes its parameter, and the change
 * replaces the history entry instead of adding one per keystroke.
 *
 * React Router hands a functional update the parameters of the last render, not of the last change:
 * two changes made before the page renders again (a filter cleared and another chosen at once) would
 * keep only the second. Each change here starts from the latest address this component asked for,
 * or from the one the page shows when that is newer (the back button, a link). Two components that
 * each keep some of the address still see each other's changes only once the page has rendered them.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const set = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams(latest.current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  return { params, set };
}
