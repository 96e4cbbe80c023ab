/**
 * The browser's back and forward buttons, held while a page has unsaved changes. This listener is
 * registered when the app starts, before the router's own, so a guard can stop the router from
 * seeing a history step it has to undo first (window listeners run in registration order).
 */
type TPopStateGuard = (event: PopStateEvent) => boolean;

let active: TPopStateGuard | null = null;

window.addEventListener('popstate', (event) => {
  if (active?.(event)) event.stopImmediatePropagation();
});

/** Installs a guard that answers true for a step the router must not see; returns its removal. */
export function guardPopState(guard: TPopStateGuard): () => void {
  active = guard;
  return () => {
    if (active === guard) active = null;
  };
}
