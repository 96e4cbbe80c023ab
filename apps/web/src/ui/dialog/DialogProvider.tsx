// eslint-disable-next-line no-restricted-imports -- a host outside the error boundary (below)
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DialogContext, type TDialogOptions } from './dialog-context';

// The dialog's Modal (with its scroll area and focus trap) loads the first time a dialog opens, so
// /login does not download it up front.
// Plain lazy(), not lazyWithin: the provider is outside the error boundary, so a late chunk must
// show late rather than fail after 120 s and take the whole app down.
const DialogModal = lazy(() => import('./DialogModal').then((m) => ({ default: m.DialogModal })));

/** Hosts the shared dialog; `onGoHome` navigates to the dashboard (error mode). */
export function DialogProvider({ children, onGoHome }: { children: ReactNode; onGoHome: () => void }) {
  const [options, setOptions] = useState<TDialogOptions | null>(null);
  const [used, setUsed] = useState(false);
  const close = useCallback(() => setOptions(null), []);
  const show = useCallback((next: TDialogOptions) => {
    setUsed(true);
    setOptions(next);
  }, []);
  const api = useMemo(() => ({ show, close }), [show, close]);

  useEffect(() => {
    if (!options?.autoCloseMs) return undefined;
    const timer = setTimeout(close, options.autoCloseMs);
    return () => clearTimeout(timer);
  }, [options, close]);

  return (
    <DialogContext.Provider value={api}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <DialogModal options={options} close={close} onGoHome={onGoHome} />
        </Suspense>
      )}
    </DialogContext.Provider>
  );
}
