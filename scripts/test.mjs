// `npm test` (issue 2 §1): install what the tests need, then run every check in order,
// stopping at the first failure. DATABASE_URL (set by .ci/run when PostgreSQL answers) is
// passed through untouched: the API tests then also run over PostgreSQL.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDeps, repoRoot } from './ensure-deps.mjs';

const chromium = '/usr/bin/chromium';

const steps = [
  { name: 'lint', script: 'lint', what: 'ESLint and Prettier over the whole repository' },
  { name: 'typecheck', script: 'typecheck', what: 'TypeScript: contracts, api, web, e2e' },
  { name: 'unit', script: 'test:unit', what: 'Vitest: contracts, locales, web and api projects' },
  { name: 'build', script: 'build', what: 'Vite build of the web app, bundle of the API' },
  { name: 'e2e', script: 'test:e2e', what: 'Browser tests in Chromium against the built server' },
];

function banner(text) {
  const line = '═'.repeat(Math.max(60, text.length + 4));
  console.log(`\n${line}\n  ${text}\n${line}`);
}

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
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
  if (existsSync(chromium)) return;
  banner(`Installing Chromium (${chromium} is missing)`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let prefix = [];
  if (!isRoot) {
    if (!commandExists('sudo')) {
      fail(
        `${chromium} is missing and this user is not root and has no sudo. ` +
          'Install it once with: apt-get install -y chromium',
      );
    }
    prefix = ['sudo', 'env', 'DEBIAN_FRONTEND=noninteractive'];
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return run(command, rest, { env });
  };
  const update = apt(['update']);
  if (!update.ok) fail(`apt-get update failed (${update.detail})`);
  const install = apt(['install', '-y', 'chromium']);
  if (!install.ok) fail(`apt-get install chromium failed (${install.detail})`);
  if (!existsSync(chromium)) fail(`apt-get installed chromium but ${chromium} is still missing`);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function main() {
  try {
    ensureDeps();
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  ensureChromium();

  if (process.env.DATABASE_URL) {
    console.log('» DATABASE_URL is set: API tests also run over PostgreSQL.');
  }

  const results = [];
  for (const [index, step] of steps.entries()) {
    banner(`[${index + 1}/${steps.length}] ${step.name} — npm run ${step.script} (${step.what})`);
    const started = Date.now();
    const result = run('npm', ['run', step.script]);
    results.push({ step, ok: result.ok, detail: result.detail, ms: Date.now() - started });
    if (!result.ok) break;
  }

  console.log('\nSummary');
  for (const step of steps) {
    const result = results.find((r) => r.step === step);
    if (!result) console.log(`  -  ${step.name.padEnd(10)} skipped`);
    else if (result.ok) console.log(`  ✔  ${step.name.padEnd(10)} passed  (${seconds(result.ms)})`);
    else
      console.log(`  ✖  ${step.name.padEnd(10)} FAILED  (${result.detail}, ${seconds(result.ms)})`);
  }
  const failed = results.find((r) => !r.ok);
  if (failed)
    fail(`npm test failed at step "${failed.step.name}" (npm run ${failed.step.script}).`);
  console.log('\n✔ All checks passed.');
}

main();
