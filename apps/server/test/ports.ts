import { readFile } from 'node:fs/promises';
import net from 'node:net';

/** Linux's default when /proc says nothing (net.ipv4.ip_local_port_range). */
const DEFAULT_EPHEMERAL_LOW = 32_768;
const LOWEST = 10_000;

async function ephemeralLow(): Promise<number> {
  const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').catch(() => '');
  const low = Number(range.trim().split(/\s+/)[0]);
  return Number.isInteger(low) ? low : DEFAULT_EPHEMERAL_LOW;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Ports this process handed out: two calls never answer the same one, though nothing listens on either yet. */
const handedOut = new Set<number>();

/**
 * A TCP port nothing listens on right now, taken below the kernel's ephemeral range. A port from
 * that range (what `listen(0)` hands out) can be taken by any outgoing connection while its server is
 * down — even by a client reconnecting to it, which then connects to itself — so a server or broker
 * restarted on the same port found it in use ("MQTT port 34237 is already in use", durability drill,
 * 2026-12-05). A host whose ephemeral range leaves no room below it fails here, by name.
 */
export async function freePort(): Promise<number> {
  const high = await ephemeralLow();
  if (high < LOWEST + 1_000) {
    throw new Error(`the ephemeral port range starts at ${high}: no room below it for the tests' servers (ip_local_port_range)`);
  }
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST));
    if (handedOut.has(port) || !(await canListen(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port found between ${LOWEST} and ${high}`);
}
