import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LiveUpdates } from '../modules/devices/live/LiveUpdates';
import { RequireIdentity } from '../modules/session/guards';
import { AppLayout } from './layout/AppLayout';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });

/**
 * Everything only a signed-in user needs (layout, menu, data cache) in one chunk that /login never
 * loads.
 */
export function SignedInShell({ children }: { children?: ReactNode }) {
  return (
    <RequireIdentity>
      <QueryClientProvider client={queryClient}>
        <LiveUpdates />
        <AppLayout>{children}</AppLayout>
      </QueryClientProvider>
    </RequireIdentity>
  );
}
