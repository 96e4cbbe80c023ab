import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs on :8080 (npm run dev starts both); production serves dist/ itself.
const api = process.env.WASHBOARD_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/oauth2', '/.well-known', '/config.json', '/docs', '/openapi.json', '/healthz', '/readyz', '/dev'].map((p) => [
        p,
        { target: api, ws: p === '/api' },
      ]),
    ),
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    manifest: true,
  },
});
