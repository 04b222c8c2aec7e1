// Bundles the API server (ADR 0001 "Build"): apps/api/src/boot.ts → apps/api/dist/server.js,
// ESM for Node 20, npm dependencies left external (installed beside it) except React, the
// workspace contracts package inlined. Runtime files live in `assets/` folders beside the module that
// reads them (via new URL('./assets/…', import.meta.url)); they are copied to dist/assets/,
// which is where those URLs point from the bundle.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(repoRoot, 'apps/api');
const srcDir = join(apiDir, 'src');
const outDir = join(apiDir, 'dist');

/** Workspace packages compiled into the bundle (consumed as TypeScript source). */
const inlined = new Set(['@portico/contracts', '@portico/locales']);
/**
 * React is bundled too, with `process.env.NODE_ENV` fixed to "production" (below): the built
 * server renders its pages (desk, sign-in, mail, the first HTML) with React's production build
 * whatever NODE_ENV says. NODE_ENV picks the app's own defaults (demo seed, outbox, read
 * caches); left to it, `npm start`, the browser tests and the benches rendered with React's
 * development build, at twice the time per page. The tests of the sources keep the
 * development build and its warnings.
 */
const bundledReact = new Set(['react', 'react-dom']);

function dependenciesOf(manifestPath) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return Object.keys({
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies,
  });
}

const external = [
  ...new Set([
    ...dependenciesOf(join(apiDir, 'package.json')),
    ...dependenciesOf(join(repoRoot, 'packages/contracts/package.json')),
  ]),
]
  .filter((name) => !inlined.has(name) && !bundledReact.has(name))
  .flatMap((name) => [name, `${name}/*`]);

/** Every file under every `assets` folder of the sources, as [absolute source, path inside assets]. */
function assetFiles(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (!entry.isDirectory()) continue;
    if (entry.name === 'assets') collectFiles(path, path, found);
    else if (entry.name !== 'node_modules') assetFiles(path, found);
  }
  return found;
}

function collectFiles(base, dir, found) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collectFiles(base, path, found);
    else if (entry.isFile()) found.push([path, relative(base, path)]);
  }
}

rmSync(outDir, { recursive: true, force: true });

await build({
  // boot.ts imports the server (and tracing, when asked for) dynamically; splitting keeps
  // each dynamic import a chunk of its own, loaded only then, so OpenTelemetry's hooks are in
  // place before pg and fastify load, and absent without OTEL_EXPORTER_OTLP_ENDPOINT (ADR 0052).
  // Chunks sit beside server.js: their `new URL('./assets/…', import.meta.url)` stays right.
  // The password-hash worker (ADR 0064) is an entry of its own: piscina loads it by file name
  // in each worker thread, as dist/hash-worker.js beside the chunk that starts the pool.
  entryPoints: {
    server: join(srcDir, 'boot.ts'),
    'hash-worker': join(srcDir, 'modules/oidc/hash-worker.ts'),
  },
  outdir: outDir,
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Only React reads it in the bundle (the app reads NODE_ENV from its parsed environment).
  define: { 'process.env.NODE_ENV': '"production"' },
  tsconfig: join(apiDir, 'tsconfig.json'),
  // Inlined CommonJS (if any ever is) may call require(); ESM has none, so provide it.
  banner: {
    js: "import { createRequire as __porticoCreateRequire } from 'node:module'; const require = __porticoCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

const copied = new Map();
for (const [source, inside] of assetFiles(srcDir)) {
  const previous = copied.get(inside);
  if (previous) {
    throw new Error(
      `Two runtime assets would land on dist/assets/${inside}: ${relative(repoRoot, previous)} and ${relative(repoRoot, source)}. Rename one.`,
    );
  }
  copied.set(inside, source);
  const target = join(outDir, 'assets', inside);
  mkdirSync(dirname(target), { recursive: true });
  cpSync(source, target);
}

for (const entry of ['server.js', 'hash-worker.js']) {
  if (!existsSync(join(outDir, entry))) throw new Error(`esbuild produced no ${entry}`);
}
console.log(
  `API bundled: ${relative(repoRoot, join(outDir, 'server.js'))} (+ ${copied.size} asset file${copied.size === 1 ? '' : 's'})`,
);
