import { useEffect, useEffectEvent, useState } from 'react';

/** How far below the window the end of the list may still be when the next page starts loading. */
const AHEAD = '0px 0px 400px 0px';

/**
 * Calls `onReached` when the element given to the returned ref comes into view (or near it), and
 * again each time `active` turns true while it is still in view: a page that did not fill the screen
 * is followed by the next one. While inactive (no more pages, one loading) nothing is watched.
 */
export function useEndOfList(onReached: () => void, active: boolean): (node: HTMLElement | null) => void {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const reached = useEffectEvent(onReached);
  useEffect(() => {
    if (!node || !active || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports the element's current state at once, so no separate first check.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) reached();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, active]);
  return setNode;
}
