// Skips `npm run build` when nothing that goes into the build changed since the last one,
// so restarts of `npm start` are fast. The fingerprint is a hash over the contents of the
// build inputs (sources, configs, manifests, lock file); the outputs must still exist.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { hashFiles, readStamp, repoRoot, runStep } from './ensure-deps.mjs';

export const buildOutputs = [
  join(repoRoot, 'apps/web/dist/index.html'),
  join(repoRoot, 'apps/web/dist-ssr/first-paint.js'),
  join(repoRoot, 'apps/api/dist/server.js'),
  join(repoRoot, 'apps/api/dist/hash-worker.js'),
];
const stampFile = join(repoRoot, 'node_modules/.cache/portico/build-stamp');

/** Directories and files whose contents decide the build output. */
const inputs = [
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-api.mjs',
  'packages/contracts',
  'packages/locales',
  'apps/web',
  'apps/api',
];
const skippedDirs = new Set(['node_modules', 'dist', 'dist-ssr', 'coverage', 'test', 'bench']);
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function collect(path, files) {
  if (!existsSync(path)) return;
  let entries;
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    files.push(path); // a file
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) collect(child, files);
    } else if (entry.isFile() && !isTestFile(entry.name)) {
      files.push(child);
    }
  }
}

export function sourceFingerprint() {
  const files = [];
  for (const input of inputs) collect(join(repoRoot, input), files);
  files.sort();
  // The web build writes source maps only with SOURCE_MAPS=1: a change of it needs a rebuild.
  return hashFiles(files, `SOURCE_MAPS=${process.env.SOURCE_MAPS ?? ''}\0`);
}

/** @returns {'up-to-date' | 'built'} */
export function buildIfChanged({ log = console.log, quiet = false } = {}) {
  const before = sourceFingerprint();
  if (buildOutputs.every((f) => existsSync(f)) && readStamp(stampFile) === before)
    return 'up-to-date';

  log('» Building the web app and the API (npm run build) …');
  // Quiet: the build's output only when it fails.
  const result = runStep('npm', ['run', 'build'], { quiet });
  if (result.status !== 0) {
    throw new Error(`npm run build failed with exit code ${result.status ?? 'null'}`);
  }
  // Record what was built; if sources moved during the build the next start builds again.
  mkdirSync(dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${before}\n`);
  return 'built';
}
