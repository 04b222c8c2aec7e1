import react from '@vitejs/plugin-react';
import type { RolldownOptions } from 'rolldown';
import type { UserConfig } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './vite-precompress.js';

// The API server serves the built app and /config.json; in dev, Vite proxies to it.
const apiTarget = process.env['PORTICO_API'] ?? 'http://localhost:8080';
// Source maps hold the whole source: built only on request (SOURCE_MAPS=1; the server then
// serves them only with SOURCE_MAPS=1 too). Issue 11 §7, ADR 0017.
const sourceMaps = process.env['SOURCE_MAPS'] === '1' || process.env['SOURCE_MAPS'] === 'true';

/**
 * The production build renders with Preact through its React compatibility layer (ADR 0041):
 * react-dom alone was most of the 82 KB Brotli react chunk of the first load; Preact and its
 * compat layer are ≈ 9 KB. The dev server and unit tests keep React (Fast Refresh, Testing
 * Library); the browser tests run against the build, so they test what ships. Exact matches
 * only: `react-router` must not be caught by `react`.
 */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

// react-router reads React 19's useOptimistic and falls back when it is missing, as it is in
// Preact: the "always undefined" notice about it is expected.
const quietOptimistic: NonNullable<RolldownOptions['onLog']> = (level, log, handler) => {
  if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
  handler(level, log);
};

/**
 * `vite build --ssr`: the server's first paint of the news list (ADR 0044), one ES module in
 * dist-ssr/ that the API imports. Everything bundled (so the Preact aliases apply to the
 * libraries too), no CSS (the first HTML links the styles), no source.
 */
const ssrBuild: UserConfig = {
  root: import.meta.dirname,
  plugins: [react()],
  resolve: { alias: preactAliases },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    ssr: 'src/first-paint/news-first-paint.tsx',
    sourcemap: false,
    rolldownOptions: { onLog: quietOptimistic },
  },
};

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        root: import.meta.dirname,
        plugins: [react(), precompress()],
        resolve: { alias: command === 'build' ? preactAliases : [] },
        build: {
          outDir: 'dist',
          sourcemap: sourceMaps,
          // dist/.vite/manifest.json: the server reads it to preload a route's chunks with the
          // first HTML (apps/api/src/plugins/first-html.ts, ADR 0021). Never served (a dot folder).
          manifest: true,
          rolldownOptions: {
            onLog: quietOptimistic,
            output: {
              // Libraries change far less often than the app: in chunks of their own they stay
              // cached across releases. React and the router are the largest and steadiest part.
              codeSplitting: {
                groups: [
                  // Above vendor's small libraries, which would otherwise pull Preact in with them.
                  {
                    name: 'react',
                    test: /node_modules[\\/](preact|react|react-dom|scheduler|react-router)[\\/]/,
                    priority: 4,
                  },
                  // Small libraries the app itself uses too stay in vendor (else vendor imports charts).
                  {
                    name: 'vendor',
                    test: /node_modules[\\/](use-sync-external-store|clsx)[\\/]/,
                    priority: 3,
                  },
                  // The cloud reports' chart library and its own dependencies: loaded only with
                  // the cloud pages, never on the first page.
                  {
                    name: 'charts',
                    test: /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+|internmap|@reduxjs|redux|redux-thunk|react-redux|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/,
                    priority: 2,
                  },
                  // The news editor's rich-text library (issue 12): only with the editor route.
                  {
                    name: 'rich-text',
                    test: /node_modules[\\/](@tiptap|prosemirror-[^\\/]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals|@floating-ui)[\\/]/,
                    priority: 2,
                  },
                  // jose checks id tokens in the sign-in callback only (ADR 0039): off the start-up path.
                  { name: 'jose', test: /node_modules[\\/]jose[\\/]/, priority: 2 },
                  { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
                ],
              },
            },
          },
        },
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
      },
);
