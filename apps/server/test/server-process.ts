import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = 'apps/server/src/main.ts';

/** Every server process a test started and has not seen exit: killed if the test process ends first. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export type TServerProcess = {
  url: string;
  /** fetch against the server with `X-Brand: LUMINA` unless given. */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** Kills the process with SIGKILL: nothing is flushed, nothing closed. */
  kill(): Promise<void>;
  /** Starts it again with the same environment (ports, data directory); resolves once /readyz answers 200. */
  restart(): Promise<void>;
  /** SIGTERM (graceful shutdown), then SIGKILL after `timeoutMs`. */
  stop(timeoutMs?: number): Promise<void>;
  /** The process's latest output, for failure messages. */
  output(): string;
};

/**
 * The real server in a process of its own (`node --import tsx apps/server/src/main.ts`, no build
 * needed), on `env` — which must fix PORT (and MQTT_PORT for the embedded broker) so a restart
 * listens where devices and tests expect it.
 */
export async function startServerProcess(env: Record<string, string>): Promise<TServerProcess> {
  const url = `http://127.0.0.1:${env.PORT}`;
  let child: ChildProcess | undefined;
  let log = '';
  const exited = (c: ChildProcess) =>
    new Promise<void>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once('exit', () => resolve())));
  const start = async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    running.add(started);
    started.once('exit', () => running.delete(started));
    const keep = (data: Buffer) => {
      log = (log + data.toString()).slice(-8_000);
    };
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    const deadline = Date.now() + 45_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the server exited with ${started.exitCode}:\n${log}`);
      const ready = await fetch(`${url}/readyz`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`the server did not become ready:\n${log}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const end = async (signal: NodeJS.Signals, timeoutMs = 10_000) => {
    const c = child;
    child = undefined;
    if (!c) return;
    c.kill(signal);
    const timer = setTimeout(() => c.kill('SIGKILL'), timeoutMs);
    await exited(c);
    clearTimeout(timer);
  };
  const handle: TServerProcess = {
    url,
    api(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('x-brand')) headers.set('x-brand', 'LUMINA');
      return fetch(`${url}${path}`, { ...init, headers });
    },
    kill: () => end('SIGKILL'),
    restart: start,
    stop: (timeoutMs) => end('SIGTERM', timeoutMs),
    output: () => log,
  };
  try {
    await start();
  } catch (error) {
    await end('SIGKILL');
    throw error;
  }
  return handle;
}
