// `npm start` (issue 2 §1): install dependencies when missing or stale, build when the
// sources changed, then run the server. The server itself migrates and seeds the database
// and prints the address and the demo accounts.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged } from './build-cache.mjs';
import { ensureDeps, repoRoot } from './ensure-deps.mjs';

try {
  ensureDeps();
  buildIfChanged();
} catch (error) {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// Own process group: a Ctrl-C in the terminal reaches the server once, through us, instead
// of directly and again forwarded (npm forwards it to this script as well).
const server = spawn(process.execPath, [join(repoRoot, 'apps/api/dist/server.js')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: process.env,
  detached: true,
});

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
