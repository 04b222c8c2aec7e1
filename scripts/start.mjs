// `npm start` (issue 2 §1): bring the project's Node.js when this one is older (ADR 0062),
// install dependencies when missing or stale, build when the sources changed, then run the
// server. The server itself migrates and seeds the database and prints the address and the
// demo accounts.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged } from './build-cache.mjs';
import { ensureDeps, repoRoot } from './ensure-deps.mjs';
import { ensureRuntime } from './runtime.mjs';

// On a Node older than engines.node this runs the script again under the project's own
// (scripts/runtime.mjs, ADR 0062) and never returns.
await ensureRuntime();

// A few lines of progress; `npm start -- --verbose` shows every step's own output (npm's,
// Vite's, the server's start-up log). A failing step shows its output in any case.
const verbose =
  process.argv.includes('--verbose') ||
  ['verbose', 'silly'].includes(process.env.npm_config_loglevel ?? '');
const quiet = !verbose;

function timed(step) {
  const started = Date.now();
  const outcome = step();
  if (outcome === 'installed' || outcome === 'built') {
    console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

try {
  timed(() => ensureDeps({ quiet }));
  timed(() => buildIfChanged({ quiet }));
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// The server's own rule (apps/api/src/config/env.ts): demo data unless told otherwise.
const seeds =
  process.env.DEMO_SEED === '1' ||
  process.env.DEMO_SEED === 'true' ||
  (!['0', 'false'].includes(process.env.DEMO_SEED ?? '') && process.env.NODE_ENV !== 'production');
console.log(
  `» Starting the server: migrating the database${seeds ? ', seeding the demo data' : ''} …`,
);
// Own process group: a Ctrl-C in the terminal reaches the server once, through us, instead
// of directly and again forwarded (npm forwards it to this script as well).
const server = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/server.js')], {
  cwd: repoRoot,
  stdio: ['inherit', quiet ? 'pipe' : 'inherit', 'inherit'],
  env: process.env,
  detached: true,
});

if (server.stdout) {
  // Quiet: the server's informational start-up log lines (JSON, pino: listening, migrations
  // applied) are left out, the steps were announced above; until the ready banner every
  // other informational line too. Warnings, errors and the banner pass as they are.
  let ready = false;
  let pending = '';
  const startUpMessages = /^(Server listening at |migrations applied$)/;
  const show = (line) => {
    let entry;
    try {
      entry = line.startsWith('{') ? JSON.parse(line) : undefined;
    } catch {
      entry = undefined;
    }
    const info = typeof entry?.level === 'number' && entry.level < 40;
    if (info && (!ready || startUpMessages.test(String(entry.msg)))) return;
    if (line.startsWith('Portico is ready')) ready = true;
    process.stdout.write(`${line}\n`);
  };
  server.stdout.setEncoding('utf8');
  server.stdout.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) show(line);
  });
  server.stdout.on('end', () => {
    if (pending !== '') show(pending);
  });
}

// Forward stop signals; the server drains in-flight requests and exits on its own.
// Repeats within a second are one event (terminal + npm deliver the same Ctrl-C twice).
let lastForward = { signal: '', at: 0 };
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    const now = Date.now();
    if (lastForward.signal === signal && now - lastForward.at < 1000) return;
    lastForward = { signal, at: now };
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});

server.on('error', (error) => {
  console.error(`✖ Could not start the server: ${error.message}`);
  process.exit(1);
});

server.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal: report it the way a shell would (128 + signal number).
  const number = signal ? constants.signals[signal] : undefined;
  process.exit(number === undefined ? 1 : 128 + number);
});
