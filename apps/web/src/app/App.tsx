import type { TRuntime } from '../modules/runtime/runtime-context';
import { AppFrame } from './AppFrame';
import { AppRoutes } from './router';

/** The dashboard: its routes in the frame both apps share. */
export function App({ runtime }: { runtime: TRuntime }) {
  return (
    <AppFrame runtime={runtime}>
      <AppRoutes />
    </AppFrame>
  );
}
