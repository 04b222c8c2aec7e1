import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { bootScript } from './vite-boot-script.js';
import { precompress } from './vite-precompress.js';

// The API server serves the built app and /config.json; in dev, Vite proxies to it.
const apiTarget = process.env['PORTICO_API'] ?? 'http://localhost:8080';
// Source maps hold the whole source: built only on request (SOURCE_MAPS=1; the server then
// serves them only with SOURCE_MAPS=1 too). Issue 11 §7, ADR 0017.
const sourceMaps = process.env['SOURCE_MAPS'] === '1' || process.env['SOURCE_MAPS'] === 'true';

/**
 * React Router's package exports name only its development build, whatever the mode
 * (remix-run/react-router#14102): builds take the production one it ships beside it, without
 * the development checks and warnings (smaller, and about half the start-up cost of
 * `createBrowserRouter` on a slow phone, issue 25). Dev and the unit tests keep the
 * development build and its warnings. (React Router 8 names the production build under its
 * `default` condition; the alias keeps every build on it whatever conditions a tool sets.)
 */
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionRouter = {
  alias: [
    {
      find: /^react-router$/,
      replacement: join(reactRouterDir, 'dist/production/index.js'),
    },
  ],
};

/**
 * `vite build --ssr`: the server's first paint of the news list (ADR 0044), one ES module in
 * dist-ssr/ that the API imports. Everything bundled, so the server renders with the very
 * React and components the app ships (ADR 0045); no CSS (the first HTML links the styles),
 * no source.
 */
const ssrBuild: UserConfig = {
  root: import.meta.dirname,
  plugins: [react()],
  resolve: productionRouter,
  ssr: { noExternal: true },
  // React's production build, as in the browser, whatever NODE_ENV the server runs under (it
  // picks the app's own defaults there): the development build paints at twice the time.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    ssr: 'src/first-paint/first-paint.ts',
    sourcemap: false,
  },
};

/** What the bundler tells a group's name function about a module. */
interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

const appSource = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const startModules = new Map<string, boolean>();

/**
 * The app's own modules that the entry imports statically (directly or through others), in
 * one chunk with the entry's code: left alone, the bundler puts each module that a lazy route
 * shares with them in a chunk of its own, and the start-up path fetched 18 chunks of under
 * 2.5 KB, each compressed alone (issue 35). Lazy-only code keeps its own chunks.
 */
function startChunk(id: string, graph: ModuleGraph): string | null {
  if (!appSource.test(id) || id.includes('node_modules')) return null;
  return reachesEntry(id, graph, new Set()) ? 'start' : null;
}

function reachesEntry(id: string, graph: ModuleGraph, seen: Set<string>): boolean {
  const known = startModules.get(id);
  if (known !== undefined) return known;
  if (seen.has(id)) return false;
  seen.add(id);
  const info = graph.getModuleInfo(id);
  const found =
    info !== null &&
    (info.isEntry || info.importers.some((importer) => reachesEntry(importer, graph, seen)));
  if (found || seen.size === 1) startModules.set(id, found);
  return found;
}

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        root: import.meta.dirname,
        plugins: [
          react(),
          bootScript(resolve(import.meta.dirname, 'boot/boot-after-paint.js')),
          precompress(),
        ],
        ...(command === 'build' ? { resolve: productionRouter } : {}),
        build: {
          outDir: 'dist',
          sourcemap: sourceMaps,
          // dist/.vite/manifest.json: the server reads it to preload a route's chunks with the
          // first HTML (apps/api/src/plugins/first-html.ts, ADR 0021). Never served (a dot folder).
          manifest: true,
          rolldownOptions: {
            output: {
              // Libraries change far less often than the app: in chunks of their own they stay
              // cached across releases. React and the router are the largest and steadiest part.
              codeSplitting: {
                groups: [
                  // Above vendor's small libraries, which would otherwise pull React in with them.
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
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
                  // DOMPurify sanitises news bodies, documents and modals, never the first screen
                  // (ADR 0045): its own chunk, or it would ride in vendor onto the start-up path.
                  { name: 'dompurify', test: /node_modules[\\/]dompurify[\\/]/, priority: 2 },
                  // jose checks id tokens in the sign-in callback only (ADR 0039): off the start-up path.
                  { name: 'jose', test: /node_modules[\\/]jose[\\/]/, priority: 2 },
                  // zod checks answers before use; the start-up answers are checked after the
                  // page shows (ADR 0047), so zod is a chunk of its own, off the start-up path.
                  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
                  // The form library (user management, My settings): only with those routes.
                  {
                    name: 'forms',
                    test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/,
                    priority: 2,
                  },
                  // The accessible comboboxes (account and time-zone pickers) come with their
                  // routes only: in vendor they added 10 KB to the start-up path (issue 35).
                  {
                    name: 'downshift',
                    test: /node_modules[\\/](downshift|compute-scroll-into-view|prop-types|react-is|tslib|@babel[\\/]runtime)[\\/]/,
                    priority: 2,
                  },
                  { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
                  { name: startChunk, priority: 0 },
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
          setupFiles: ['./test/setup.ts'],
          // One jsdom and one module graph for every file (153 s → 60 s on this machine, ADR
          // 0073); test/setup.ts and each file's hooks leave the page as they found it.
          isolate: false,
        },
      },
);
