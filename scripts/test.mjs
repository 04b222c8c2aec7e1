// `npm test` (issue 2 §1, issue 26): install what the tests need, then run every check,
// stopping at the first failure, and print each stage's time and the slowest test files.
// DATABASE_URL (set by .ci/run when PostgreSQL answers) is passed through untouched: the API
// tests then also run over PostgreSQL.
//
// Stages run in lanes (issue 26, ADR 0046): the stages of one lane run one after another,
// the lanes of one phase side by side; the first failure stops every running stage.
// TEST_SCHEDULE=staged|serial picks another order (see `schedules`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { ensureDeps, repoRoot } from './ensure-deps.mjs';
import { ensureRuntime } from './runtime.mjs';

// On a Node older than engines.node this runs the script again under the project's own
// (scripts/runtime.mjs, ADR 0062) and never returns.
await ensureRuntime();

// Debian's Chromium (the benches, what users run) and its headless shell (the browser tests:
// the same release without the browser's own UI, ADR 0078); e2e/support/chromium.ts names both.
const chromium = '/usr/bin/chromium';
const chromiumHeadlessShell = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPackages = ['chromium', 'chromium-headless-shell'];

const unitProjects = ['contracts', 'locales', 'web', 'api', 'api-telemetry'].flatMap((p) => [
  '--project',
  p,
]);

/**
 * `npm run test:quick` (issue 26): the checks of a change, in a few minutes. The base is
 * `--since <ref>` (its merge-base with HEAD), else the upstream's merge-base, else HEAD; the
 * change is what was committed since the base plus everything staged, unstaged and untracked.
 */
function quickBase() {
  const at = process.argv.indexOf('--since');
  const ref =
    at > 0
      ? process.argv[at + 1]
      : spawnSync('git', ['rev-parse', '--abbrev-ref', '@{upstream}'], {
          cwd: repoRoot,
          encoding: 'utf8',
        }).stdout?.trim() || 'HEAD';
  if (!ref) fail('--since needs a git ref');
  const base = spawnSync('git', ['merge-base', ref, 'HEAD'], { cwd: repoRoot, encoding: 'utf8' });
  if (base.status !== 0) fail(`git merge-base ${ref} HEAD failed: ${base.stderr.trim()}`);
  return base.stdout.trim();
}

/** Vitest stages write a JSON report (per-file times) beside their normal console output. */
function fullStages() {
  return {
    lint: {
      args: ['run', 'lint:code'],
      what: 'ESLint over the whole repository (cached)',
    },
    format: {
      args: ['run', 'lint:format'],
      what: 'Prettier over the whole repository (cached)',
    },
    typecheck: {
      args: ['run', 'typecheck'],
      what: 'TypeScript: contracts, locales, api, web, e2e',
    },
    unit: {
      args: ['run', 'test:unit'],
      what: 'Vitest: contracts, locales, web and api projects',
      vitest: true,
    },
    build: { args: ['run', 'build'], what: 'Vite build of the web app, bundle of the API' },
    e2e: {
      args: ['run', 'test:e2e'],
      what: 'Browser tests in Chromium against the built server',
      vitest: true,
    },
  };
}

function quickStages(base) {
  return {
    lint: {
      args: ['exec', '--', 'node', 'scripts/lint-changed.mjs', base],
      what: `ESLint and Prettier over the files changed since ${base.slice(0, 10)}`,
    },
    typecheck: fullStages().typecheck,
    unit: {
      args: [
        'exec',
        '--',
        'vitest',
        'run',
        ...unitProjects,
        '--changed',
        base,
        '--passWithNoTests',
      ],
      what: 'Vitest: the contracts, locales, web and api tests the change reaches',
      vitest: true,
    },
  };
}

/**
 * Lanes per phase. `parallel` (the default): Vitest gives the unit projects one worker on a
 * two-core machine (cores − 1) and the browser tests run one file at a time, so each keeps
 * about one core busy. The browser tests are the longest stage, so their lane starts them
 * after the build and the typecheck (seconds); lint (single-threaded, cached) goes before the
 * unit projects in the other lane (ADR 0046: 3 minutes off the longest lane). The typecheck
 * moved to the browser tests' lane once lint and the unit projects had become the longer
 * one (ADR 0046, addendum 8), and Prettier's check (about 17 s) with it (addendum 9): ESLint
 * stays in the longer lane.
 * `staged` keeps the browser tests after the unit projects (a machine busy with other
 * work); `serial` is the old one-at-a-time order, to time a stage on its own.
 */
const schedules = {
  parallel: [
    [
      ['build', 'typecheck', 'format', 'e2e'],
      ['lint', 'unit'],
    ],
  ],
  staged: [[['build']], [['lint', 'typecheck', 'format'], ['unit']], [['e2e']]],
  serial: [[['lint']], [['format']], [['typecheck']], [['unit']], [['build']], [['e2e']]],
  quick: [[['lint'], ['typecheck']], [['unit']]],
};

const quick = process.argv.includes('--quick');
const stages = quick ? quickStages(quickBase()) : fullStages();

const useColour = process.stdout.isTTY === true;
const colourEnv = useColour ? { FORCE_COLOR: '1' } : {};

function banner(text) {
  const line = '═'.repeat(Math.max(60, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function runSync(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: process.env,
    ...options,
  });
  if (result.error) return { ok: false, detail: result.error.message };
  if (result.status !== 0) {
    return {
      ok: false,
      detail: result.signal ? `killed by ${result.signal}` : `exit code ${result.status}`,
    };
  }
  return { ok: true, detail: '' };
}

function commandExists(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Debian's Chromium is what the browser tests drive (playwright-core, no bundled browser). */
function ensureChromium() {
  const missing = [chromium, chromiumHeadlessShell].filter((path) => !existsSync(path));
  if (missing.length === 0) return;
  banner(`Installing Chromium (${missing.join(' and ')} missing)`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let prefix = [];
  if (!isRoot) {
    if (!commandExists('sudo')) {
      fail(
        `${missing.join(' and ')} missing and this user is not root and has no sudo. ` +
          `Install it once with: apt-get install -y ${chromiumPackages.join(' ')}`,
      );
    }
    prefix = ['sudo', 'env', 'DEBIAN_FRONTEND=noninteractive'];
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return runSync(command, rest, { env });
  };
  const update = apt(['update']);
  if (!update.ok) fail(`apt-get update failed (${update.detail})`);
  const install = apt(['install', '-y', ...chromiumPackages]);
  if (!install.ok) fail(`apt-get install ${chromiumPackages.join(' ')} failed (${install.detail})`);
  for (const path of missing) {
    if (!existsSync(path)) fail(`apt-get installed Chromium but ${path} is still missing`);
  }
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Children still running, stopped (with their process group) when another stage fails. */
const running = new Set();

/**
 * Runs one stage. Alone in its phase, its output goes straight to the console; beside other
 * lanes, every line is prefixed with the stage's name so interleaved output stays readable.
 */
function runStage(name, reportDir, prefixed) {
  const stage = stages[name];
  const args = [...stage.args];
  const report = stage.vitest ? join(reportDir, `${name}.json`) : null;
  if (report) {
    if (!args.includes('--')) args.push('--');
    args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  }
  const started = Date.now();
  console.log(`\n▶ ${name} — npm ${args.join(' ')} (${stage.what})`);
  return new Promise((resolvePromise) => {
    const child = spawn('npm', args, {
      cwd: repoRoot,
      env: { ...process.env, ...(prefixed ? colourEnv : {}) },
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      detached: true,
    });
    running.add(child);
    if (prefixed) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let pending = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (pending + chunk).split('\n');
          pending = lines.pop() ?? '';
          for (const line of lines) out.write(`[${name}] ${line}\n`);
        });
        stream.on('end', () => {
          if (pending !== '') out.write(`[${name}] ${pending}\n`);
        });
      }
    }
    let stopped = false;
    child.stopStage = () => {
      stopped = true;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    };
    const finish = (ok, detail) => {
      running.delete(child);
      const ms = Date.now() - started;
      console.log(
        `${ok ? '✔' : '✖'} ${name} ${ok ? 'passed' : `FAILED (${detail})`} in ${seconds(ms)}`,
      );
      resolvePromise({ name, ok, stopped, detail, ms, report });
    };
    child.on('error', (error) => finish(false, error.message));
    child.on('close', (code, signal) => {
      if (stopped) finish(false, 'stopped: another stage failed');
      else if (code === 0) finish(true, '');
      else finish(false, signal ? `killed by ${signal}` : `exit code ${code}`);
    });
  });
}

/** A lane: its stages in order, stopping at a failure (or when another lane failed). */
async function runLane(lane, reportDir, prefixed, results, state) {
  for (const name of lane) {
    if (state.failed) return;
    const result = await runStage(name, reportDir, prefixed);
    results.push(result);
    if (!result.ok && !state.failed) {
      state.failed = result;
      for (const child of running) child.stopStage();
    }
  }
}

/** Per-file times from Vitest's JSON reports (file → wall time from its first to last test). */
function slowestFiles(results, count) {
  const files = [];
  for (const result of results) {
    if (!result.report || !existsSync(result.report)) continue;
    let json;
    try {
      json = JSON.parse(readFileSync(result.report, 'utf8'));
    } catch {
      continue;
    }
    for (const file of json.testResults ?? []) {
      const ms = Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0));
      files.push({
        stage: result.name,
        file: relative(repoRoot, file.name),
        ms,
        tests: (file.assertionResults ?? []).length,
      });
    }
  }
  return files.sort((a, b) => b.ms - a.ms).slice(0, count);
}

function printSummary(order, results, wallMs) {
  console.log('\nStage times');
  for (const name of order) {
    const result = results.find((r) => r.name === name);
    if (!result) console.log(`  -  ${name.padEnd(10)} skipped`);
    else if (result.ok)
      console.log(`  ✔  ${name.padEnd(10)} passed  ${seconds(result.ms).padStart(9)}`);
    else
      console.log(
        `  ✖  ${name.padEnd(10)} ${result.stopped ? 'stopped' : 'FAILED '} ${seconds(result.ms).padStart(9)}  (${result.detail})`,
      );
  }
  console.log(`     ${'wall'.padEnd(10)}         ${seconds(wallMs).padStart(9)}`);

  const slow = slowestFiles(results, 10);
  if (slow.length > 0) {
    console.log('\nSlowest test files');
    for (const { stage, file, ms, tests } of slow) {
      console.log(
        `  ${seconds(ms).padStart(9)}  ${stage.padEnd(5)} ${file} (${tests} test${tests === 1 ? '' : 's'})`,
      );
    }
  }
}

async function main() {
  try {
    ensureDeps();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  if (!quick) ensureChromium();

  if (process.env.DATABASE_URL) {
    console.log('» DATABASE_URL is set: API tests also run over PostgreSQL.');
  }

  const scheduleName = quick ? 'quick' : (process.env.TEST_SCHEDULE ?? 'parallel');
  const schedule = schedules[scheduleName];
  if (!schedule) fail(`TEST_SCHEDULE must be one of ${Object.keys(schedules).join(', ')}`);
  const order = schedule.flat(2);

  const reportDir = mkdtempSync(join(tmpdir(), 'portico-test-report-'));
  const results = [];
  const state = { failed: null };
  const wallStarted = Date.now();
  const interrupt = () => {
    for (const child of running) child.stopStage();
    process.exit(130);
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);

  for (const [index, phase] of schedule.entries()) {
    if (state.failed) break;
    const names = phase.map((lane) => lane.join(' → ')).join('  ‖  ');
    banner(`[${index + 1}/${schedule.length}] ${names}`);
    await Promise.all(
      phase.map((lane) => runLane(lane, reportDir, phase.length > 1, results, state)),
    );
  }

  printSummary(order, results, Date.now() - wallStarted);
  rmSync(reportDir, { recursive: true, force: true });
  if (state.failed) {
    const { name } = state.failed;
    fail(
      `${quick ? 'npm run test:quick' : 'npm test'} failed at stage "${name}" (npm ${stages[name].args.join(' ')}).`,
    );
  }
  console.log('\n✔ All checks passed.');
}

await main();
