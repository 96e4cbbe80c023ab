import net from 'node:net';
import { isAddressInUse } from './startup-error';

/**
 * How many ports a start tries, the default included, before it gives up. Vite tries upward without
 * end; a bound keeps a machine whose ports are all taken from wandering far, with a clear error.
 */
export const PORT_SEARCH_SPAN = 20;

/** The last port a search from `first` tries. */
export function lastSearchedPort(first: number): number {
  return Math.min(first + PORT_SEARCH_SPAN - 1, 65535);
}

/**
 * Runs `bind` on `first` and, while the port is taken and `search` allows it, on the ports above, up
 * to lastSearchedPort(first), passing over `reserved` (a port this start chose for something it binds
 * later, so nobody else holds it yet). Answers the port bound and what `bind` gave. Any other error,
 * and the address-in-use error once no port is left to try, is thrown as `bind` threw it: the caller
 * words it.
 */
export async function bindFirstFree<T>(
  first: number,
  search: boolean,
  bind: (port: number) => Promise<T>,
  reserved?: number,
): Promise<{ port: number; bound: T }> {
  // Port 0 asks the system for any free port: there is nothing to search.
  const last = search && first !== 0 ? lastSearchedPort(first) : first;
  for (let port = first; ; port += 1) {
    if (port !== first && port === reserved && port < last) continue;
    try {
      return { port, bound: await bind(port) };
    } catch (error) {
      if (!isAddressInUse(error) || port >= last) throw error;
    }
  }
}

/**
 * Checks that `port` on `host` can be listened on now, by opening and closing a listener: rejects with
 * the address-in-use error when it cannot, else answers the port (the one the system picked for 0).
 * Used for the HTTP port, which Fastify binds only at the end of the start, so a taken one is found
 * before anything is created.
 */
export function probePort(port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen({ port, host, exclusive: true }, () => {
      const { port: bound } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(bound));
    });
  });
}
