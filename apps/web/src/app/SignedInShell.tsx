import type { ReactNode } from 'react';
import { LiveUpdates } from '../modules/devices/live/LiveUpdates';
import { RequireIdentity } from '../modules/session/guards';
import { AppLayout } from './layout/AppLayout';
import { QueryProvider } from './QueryProvider';

/**
 * Everything only a signed-in user needs (layout, menu, data cache) in one chunk that /login never
 * loads.
 */
export function SignedInShell({ children }: { children?: ReactNode }) {
  return (
    <RequireIdentity>
      <QueryProvider>
        <LiveUpdates />
        <AppLayout>{children}</AppLayout>
      </QueryProvider>
    </RequireIdentity>
  );
}
