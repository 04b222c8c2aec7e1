// Installs dependencies when node_modules is missing or stale (issue 2 §1), quietly otherwise.
// Stale = the hash of package-lock.json differs from the stamp written after the last
// successful install. Used by scripts/start.mjs and scripts/test.mjs; runnable on its own.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const lockFile = join(repoRoot, 'package-lock.json');
const modulesDir = join(repoRoot, 'node_modules');
export const depsStampFile = join(modulesDir, '.portico-deps-stamp');
/** Without a lock file the manifests are what an install depends on. */
function manifestFiles() {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  const workspaces = Array.isArray(root.workspaces) ? root.workspaces : [];
  return [
    join(repoRoot, 'package.json'),
    ...workspaces.map((w) => join(repoRoot, w, 'package.json')).filter((f) => existsSync(f)),
  ];
}

/** SHA-256 over `files` (each by its path below the checkout and its bytes), after `seed`. */
export function hashFiles(files, seed = '') {
  const hash = createHash('sha256');
  hash.update(seed);
  for (const file of files) {
    hash.update(relative(repoRoot, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** What a stamp file says, or undefined when there is none. */
export function readStamp(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function dependencyHash() {
  return hashFiles(existsSync(lockFile) ? [lockFile] : manifestFiles());
}

function hasInstalledPackages() {
  if (!existsSync(modulesDir)) return false;
  return readdirSync(modulesDir).some((name) => !name.startsWith('.'));
}

/**
 * Whether node_modules holds exactly what package-lock.json lists (every non-optional package
 * at its locked version, every workspace link present). Lets a tree installed by a plain
 * `npm install`/`npm ci` (no stamp, or the stamp of an older lock) be adopted instead of
 * wiped and reinstalled by `npm ci`.
 */
function nodeModulesMatchLock() {
  if (!existsSync(lockFile)) return false;
  let packages;
  try {
    packages = JSON.parse(readFileSync(lockFile, 'utf8')).packages;
  } catch {
    return false;
  }
  if (!packages || typeof packages !== 'object') return false;
  for (const [key, entry] of Object.entries(packages)) {
    // The root and the workspace folders themselves are not installed packages.
    if (!key.includes('node_modules/')) continue;
    // Optional packages (platform-specific binaries) may rightly be absent.
    if (entry.optional) continue;
    const dir = join(repoRoot, key);
    if (entry.link) {
      if (!existsSync(dir)) return false;
      continue;
    }
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      if (entry.version && manifest.version !== entry.version) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * Runs a command; quiet, its output is kept and shown only when it fails (`npm start`
 * prints a line per step, ADR 0062).
 */
export function runStep(command, args, { quiet = false } = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    // Kept output keeps its colours when it is shown on a terminal.
    env: quiet && process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0 && quiet) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  return result;
}

/** @returns {'up-to-date' | 'adopted' | 'installed'} */
export function ensureDeps({ log = console.log, quiet = false } = {}) {
  const wanted = dependencyHash();
  const installed = hasInstalledPackages();
  if (installed) {
    const stamp = readStamp(depsStampFile);
    if (stamp === wanted) return 'up-to-date';
    if (nodeModulesMatchLock()) {
      writeFileSync(depsStampFile, `${wanted}\n`);
      return 'adopted';
    }
  }

  // `npm install` rather than `npm ci`: npm 11 writes only this platform's optional binaries
  // (e.g. @unrs/resolver-binding-linux-*) into the lock file and then `npm ci` refuses that
  // same lock as "not in sync". `npm install` honours the lock's versions all the same.
  const args = ['install'];
  log(
    `» Dependencies are ${installed ? 'out of date' : 'missing'}: running npm ${args.join(' ')} …`,
  );
  const result = runStep('npm', [...args, '--no-audit', '--no-fund'], { quiet });
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
