import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The address's query parameters and a setter the administration tables keep their state with (a
 * reload or a shared link shows the same page): an empty value removes its parameter, and the
 * change replaces the history entry instead of adding one per keystroke.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (changes: Record<string, string | undefined>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { params, set };
}
