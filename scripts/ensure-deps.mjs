// Installs dependencies when node_modules is missing or stale (issue 2 §1), quietly otherwise.
// Stale = the hash of package-lock.json differs from the stamp written after the last
// successful install. Used by scripts/start.mjs and scripts/test.mjs; runnable on its own.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const lockFile = join(repoRoot, 'package-lock.json');
const modulesDir = join(repoRoot, 'node_modules');
export const depsStampFile = join(modulesDir, '.portico-deps-stamp');
// npm's own record of what it installed; used to adopt a tree installed without this script.
const npmHiddenLock = join(modulesDir, '.package-lock.json');

/** Without a lock file the manifests are what an install depends on. */
function manifestFiles() {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const workspaces = Array.isArray(root.workspaces) ? root.workspaces : [];
  return [
    join(repoRoot, 'package.json'),
    ...workspaces.map((w) => join(repoRoot, w, 'package.json')).filter((f) => existsSync(f)),
  ];
}

export function dependencyHash() {
  const hash = createHash('sha256');
  const files = existsSync(lockFile) ? [lockFile] : manifestFiles();
  for (const file of files) {
    hash.update(file.slice(repoRoot.length));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function readStamp() {
  try {
    return readFileSync(depsStampFile, 'utf8').trim();
  } catch {
    return undefined;
  }
}

function hasInstalledPackages() {
  if (!existsSync(modulesDir)) return false;
  return readdirSync(modulesDir).some((name) => !name.startsWith('.'));
}

/**
 * A tree installed by a plain `npm install`/`npm ci` (no stamp yet) is adopted when npm's
 * hidden lock file was written after package-lock.json last changed: npm would find
 * nothing to do either, and re-running `npm ci` would needlessly delete node_modules.
 */
function installedAfterLockChanged() {
  if (!existsSync(lockFile) || !existsSync(npmHiddenLock)) return false;
  return statSync(npmHiddenLock).mtimeMs >= statSync(lockFile).mtimeMs;
}

/** @returns {'up-to-date' | 'adopted' | 'installed'} */
export function ensureDeps({ log = console.log } = {}) {
  const wanted = dependencyHash();
  const installed = hasInstalledPackages();
  if (installed) {
    const stamp = readStamp();
    if (stamp === wanted) return 'up-to-date';
    if (stamp === undefined && installedAfterLockChanged()) {
      writeFileSync(depsStampFile, `${wanted}\n`);
      return 'adopted';
    }
  }

  const useCi = existsSync(lockFile);
  const args = useCi ? ['ci'] : ['install'];
  log(
    `» Dependencies are ${installed ? 'out of date' : 'missing'}: running npm ${args.join(' ')} …`,
  );
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`npm ${args[0]} failed with exit code ${result.status ?? 'null'}`);
  }
  // Hash again: `npm install` may have written a lock file that did not exist before.
  mkdirSync(modulesDir, { recursive: true });
  writeFileSync(depsStampFile, `${dependencyHash()}\n`);
  return 'installed';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureDeps();
  } catch (error) {
    console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
