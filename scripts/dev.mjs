// `npm run dev`: the API with reload on change (tsx watch, :8080) and the Vite dev server (:5173).
import { spawn } from 'node:child_process';

// Set explicitly, so a taken port stops the API instead of moving it away from Vite's proxy (and a
// reload never lands on another port while the previous process lets go of this one).
const port = process.env.PORT ?? '8080';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], {
    cwd: 'apps/server',
    stdio: 'inherit',
    env: { ...process.env, PORT: port, WEB_DIST: '/nonexistent' },
  }),
  spawn('npm', ['run', 'dev'], {
    cwd: 'apps/web',
    stdio: 'inherit',
    env: { ...process.env, WASHBOARD_API: process.env.WASHBOARD_API ?? `http://localhost:${port}` },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
