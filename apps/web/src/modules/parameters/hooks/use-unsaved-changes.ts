import { useContext, useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext, type Navigator } from 'react-router';
import { guardPopState } from '../../navigation/history-guard';
import { useDialog } from '../../../ui/dialog/dialog-context';

type TAsk = (leave: () => void) => void;

function historyIndex(state: unknown): number {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : 0;
}

/**
 * Holds every in-app navigation (links and `navigate()` both go through the router's navigator) and
 * the browser's back and forward buttons until `ask` lets the user leave. Returns the release.
 */
function holdNavigation(navigator: Navigator, ask: TAsk): () => void {
  const { push, replace, go } = navigator;
  let leaving = false;
  const guard =
    <TArgs extends unknown[]>(move: (...args: TArgs) => void) =>
    (...args: TArgs) => {
      if (leaving) return move(...args);
      ask(() => {
        leaving = true;
        move(...args);
      });
    };
  Object.assign(navigator, { push: guard(push), replace: guard(replace), go: guard(go) });

  // Back/forward has already moved the history when popstate fires: move it back by the same
  // number of entries (react-router keeps each entry's index in history.state), then ask.
  const here = historyIndex(window.history.state);
  let undoing = false;
  const releasePopState = guardPopState((event) => {
    if (leaving) return false;
    if (undoing) {
      undoing = false;
      return true;
    }
    const delta = historyIndex(event.state) - here;
    if (delta === 0) return false;
    undoing = true;
    window.history.go(-delta);
    ask(() => {
      leaving = true;
      window.history.go(delta);
    });
    return true;
  });
  const warn = (event: BeforeUnloadEvent) => {
    event.preventDefault();
    // Older browsers show the prompt only when returnValue is set.
    event.returnValue = '';
  };
  window.addEventListener('beforeunload', warn);
  return () => {
    Object.assign(navigator, { push, replace, go });
    releasePopState();
    window.removeEventListener('beforeunload', warn);
  };
}

/**
 * While `dirty`, leaving the page asks first: in the app through the shared dialog (stay, or discard
 * and leave), and on reload or closing the tab through the browser's own prompt.
 *
 * react-router's `useBlocker` needs a data router, which adds about 16 KB of gzipped JavaScript to
 * /login; the router's navigator is held instead.
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  const { t } = useTranslation();
  const dialog = useDialog();
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const ask = useEffectEvent((leave: () => void) =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      title: t('common.unsavedChanges'),
      message: t('parameters.unsaved'),
      confirmLabel: t('parameters.discardAndLeave'),
      cancelLabel: t('parameters.stay'),
      onConfirm: leave,
    }),
  );

  useEffect(() => (dirty ? holdNavigation(navigator, ask) : undefined), [dirty, navigator]);
}
