import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PLUGIN_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
];

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('mosquitto did not start');
}

/**
 * The machine's Mosquitto binary, started for one test file with the dynamic-security plugin (the
 * broker on 1883 is shared and anonymous, so it cannot enforce per-device access). Answers the
 * MQTT_URL for the server (its admin credentials) and the URL devices connect to. `config` adds
 * lines to mosquitto.conf (benchmarks raise the in-flight and queue limits).
 */
export async function startMosquitto(
  options: { config?: string[] } = {},
): Promise<{ serverUrl: string; deviceUrl: string; port: number; stop(): Promise<void> }> {
  const plugin = PLUGIN_CANDIDATES.find((p) => existsSync(p));
  if (!plugin) throw new Error('the Mosquitto dynamic-security plugin is not installed (apt-get install mosquitto)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'wb-mosquitto-'));
  const dynsec = path.join(dir, 'dynamic-security.json');
  const password = `Adm1n${Math.random().toString(36).slice(2)}`;
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, 'washboard', password], { stdio: 'ignore' });
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  await writeFile(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'persistence false',
      'user root',
      `plugin ${plugin}`,
      `plugin_opt_config_file ${dynsec}`,
      process.env.MOSQUITTO_LOG ? 'log_dest file ' + process.env.MOSQUITTO_LOG : 'log_dest none',
      'log_type all',
      ...(options.config ?? []),
      '',
    ].join('\n'),
  );
  const child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
  await waitForPort(port, child);
  return {
    serverUrl: `mqtt://washboard:${password}@127.0.0.1:${port}`,
    deviceUrl: `mqtt://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
