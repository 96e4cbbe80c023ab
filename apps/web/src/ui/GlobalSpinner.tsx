import { Loader, Portal } from '@mantine/core';

/** Shown over the page while any request is in flight. */
export function GlobalSpinner({ visible, label }: { visible: boolean; label: string }) {
  if (!visible) return null;
  return (
    <Portal>
      <div
        role="progressbar"
        aria-label={label}
        aria-busy="true"
        style={{ position: 'fixed', top: 12, left: '50%', transform: 'translateX(-50%)', zIndex: 1000, pointerEvents: 'none' }}
      >
        <Loader size="sm" type="dots" />
      </div>
    </Portal>
  );
}
