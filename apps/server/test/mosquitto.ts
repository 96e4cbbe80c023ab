import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports';

/** The Mosquitto settings a deployment ships with (persistence, limits); the tests run on them too. */
export const WASHBOARD_MOSQUITTO_CONF = fileURLToPath(new URL('../../../deploy/mosquitto/washboard.conf', import.meta.url));

/** The option lines of deploy/mosquitto/washboard.conf, without comments. */
export async function shippedMosquittoConfig(): Promise<string[]> {
  const text = await readFile(WASHBOARD_MOSQUITTO_CONF, 'utf8');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** The source of the Mosquitto plugin that authenticates devices against the database (deploy/mosquitto/washboard-auth). */
const AUTH_PLUGIN_DIR = fileURLToPath(new URL('../../../deploy/mosquitto/washboard-auth/', import.meta.url));

/**
 * The device-authentication plugin built from its source with its Makefile, once per version of the
 * source (kept under the system's temporary directory; test files build it side by side safely).
 */
export async function washboardAuthPlugin(): Promise<string> {
  const source = await Promise.all(['washboard_auth.c', 'Makefile'].map((f) => readFile(path.join(AUTH_PLUGIN_DIR, f))));
  const digest = createHash('sha256').update(Buffer.concat(source)).digest('hex').slice(0, 16);
  const dir = path.join(os.tmpdir(), `wb-mosquitto-auth-${digest}`);
  const built = path.join(dir, 'washboard_auth.so');
  if (existsSync(built)) return built;
  await mkdir(dir, { recursive: true });
  const building = path.join(dir, `building-${process.pid}.so`);
  try {
    execFileSync('make', ['-s', '-C', AUTH_PLUGIN_DIR, `OUT=${building}`, 'CFLAGS=-O2 -Wall -Wextra -Werror'], { stdio: 'pipe' });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(
      `building the Mosquitto device-authentication plugin failed (apt-get install gcc make mosquitto-dev libmosquitto-dev libpq-dev libssl-dev):\n${stderr}`,
    );
  }
  await rename(building, built);
  return built;
}

const PLUGIN_CANDIDATES = [
  '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so',
  '/usr/lib/mosquitto_dynamic_security.so',
];

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

export type TTestMosquitto = {
  serverUrl: string;
  deviceUrl: string;
  port: number;
  /** Kills the broker with SIGKILL (a crash: nothing is saved on the way out). */
  kill(): Promise<void>;
  /** Starts the broker again on the same port, configuration and persistence directory. */
  restart(): Promise<void>;
  /** Freezes the broker (SIGSTOP): connections stay open and nothing is answered, until `resume`. */
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
};

/**
 * The machine's Mosquitto binary, started for one test file with the dynamic-security plugin (the
 * broker on 1883 is shared and anonymous, so it cannot enforce per-device access) and the settings
 * a deployment ships with (deploy/mosquitto/washboard.conf: persistence, limits), persisting into a
 * directory of its own. Answers the MQTT_URL for the server (its admin credentials) and the URL
 * devices connect to. `config` adds lines to mosquitto.conf; a later line wins over the shipped one
 * for a number or a switch (benchmarks try other autosave settings). `deviceDatabase` loads the
 * device-authentication plugin in front of dynamic security, asking that PostgreSQL database; the
 * server's URL then says `deviceAuth=plugin`.
 */
export async function startMosquitto(options: { config?: string[]; deviceDatabase?: string } = {}): Promise<TTestMosquitto> {
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
      ...(await shippedMosquittoConfig()),
      `persistence_location ${dir}/`,
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      'user root',
      ...(options.deviceDatabase
        ? [`plugin ${await washboardAuthPlugin()}`, `plugin_opt_database ${options.deviceDatabase}`]
        : []),
      `plugin ${plugin}`,
      `plugin_opt_config_file ${dynsec}`,
      process.env.MOSQUITTO_LOG ? 'log_dest file ' + process.env.MOSQUITTO_LOG : 'log_dest none',
      'log_type all',
      ...(options.config ?? []),
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  const exited = (c: ChildProcess) =>
    new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(null) : c.once('exit', resolve)));
  const start = async () => {
    const started = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
    child = started;
    await waitForPort(port, started);
  };
  const end = async (signal: NodeJS.Signals) => {
    const running = child;
    child = undefined;
    if (!running) return;
    running.kill(signal);
    await exited(running);
  };
  await start();
  return {
    serverUrl: `mqtt://washboard:${password}@127.0.0.1:${port}${options.deviceDatabase ? '?deviceAuth=plugin' : ''}`,
    deviceUrl: `mqtt://127.0.0.1:${port}`,
    port,
    kill: () => end('SIGKILL'),
    restart: start,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    async stop() {
      // Mosquitto saves its persistence file on SIGTERM; one that does not exit within 10 s is killed.
      const running = child;
      running?.kill('SIGCONT');
      const killer = setTimeout(() => running?.kill('SIGKILL'), 10_000);
      await end('SIGTERM');
      clearTimeout(killer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Runs `mosquitto_ctrl dynsec …` against a test Mosquitto as its dynamic-security admin. */
export function dynsecControl(mosquitto: TTestMosquitto): (...args: string[]) => void {
  const admin = new URL(mosquitto.serverUrl);
  return (...args) => {
    execFileSync(
      'mosquitto_ctrl',
      [
        '-h',
        '127.0.0.1',
        '-p',
        String(mosquitto.port),
        '-u',
        admin.username,
        '-P',
        decodeURIComponent(admin.password),
        'dynsec',
        ...args,
      ],
      { stdio: 'ignore' },
    );
  };
}
