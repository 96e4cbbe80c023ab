import { createContext, useContext } from 'react';

/** The shared dialog's width, also used by other dialogs so they look alike. */
export const DIALOG_WIDTH = 580;

export type TDialogOptions = {
  /** success or error icon */
  kind: 'success' | 'error' | 'warning';
  message: string;
  title?: string;
  /**
   * info: one OK button; confirm: cancel + confirm; error: OK + a go-to-home button to the dashboard.
   */
  mode?: 'info' | 'confirm' | 'error';
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
  /** Closes by itself after this many milliseconds. */
  autoCloseMs?: number;
};

export type TDialogApi = { show(options: TDialogOptions): void; close(): void };

export const DialogContext = createContext<TDialogApi | null>(null);

/** The shared dialog: one at a time, 580 px wide. */
export function useDialog(): TDialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog outside DialogProvider');
  return api;
}
