import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The API server serves the built app and /config.json; in dev, Vite proxies to it.
const apiTarget = process.env['PORTICO_API'] ?? 'http://localhost:8080';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', sourcemap: true },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/oidc', '/shared', '/config.json', '/health', '/support-desk'].map((p) => [
        p,
        apiTarget,
      ]),
    ),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
