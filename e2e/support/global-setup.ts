// Vitest globalSetup of the 'e2e' project: runs the BUILT server twice, once per sign-in
// flow (authorisation code + PKCE, and the implicit flow of spec §4), each over its own
// throw-away PGlite directory, and hands their addresses to the tests via provide()/inject().
// The servers run from a copy of the build, so a rebuild during the run cannot pull the SPA
// out from under them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from './portico-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server using OIDC_RESPONSE_TYPE=code (the default). */
    codeBaseUrl: string;
    /** Server using OIDC_RESPONSE_TYPE='id_token token' (implicit flow). */
    implicitBaseUrl: string;
  }
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = join(repoRoot, 'apps/api/dist/server.js');
const webEntry = join(repoRoot, 'apps/web/dist/index.html');

/**
 * Start-up migrates and seeds a fresh database (120+ news items): about 90 s on a busy
 * two-core machine, so allow twice that before calling it stuck.
 */
const startupTimeoutMs = 180_000;
const stopTimeoutMs = 10_000;
const logTailLines = 200;

type ResponseType = 'code' | 'id_token token';

interface RunningServer {
  readonly name: string;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly child: ChildProcess;
  readonly log: string[];
}

const servers: RunningServer[] = [];
/** Database directories and the build snapshot, removed in teardown. */
const tempDirs: string[] = [];

function ensureBuilt(): void {
  if (existsSync(serverEntry) && existsSync(webEntry)) return;
  console.log('[e2e] No built app found: running npm run build once …');
  const result = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(serverEntry) || !existsSync(webEntry)) {
    throw new Error(
      `[e2e] npm run build did not produce ${serverEntry} and ${webEntry} ` +
        `(exit code ${String(result.status)})`,
    );
  }
}

/**
 * Copies the built app into a temporary tree shaped like the checkout (root package.json,
 * apps/api/dist, apps/web/dist and dist-ssr, node_modules linked), so the servers keep serving the build
 * under test even when `npm run build` runs again meanwhile (it empties the dist folders).
 * The bundle finds the SPA from the nearest package.json with workspaces above it.
 */
async function snapshotBuild(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'portico-e2e-build-'));
  tempDirs.push(root);
  // dist-ssr: the server's first paint of the news list (ADR 0044).
  for (const dist of ['apps/api/dist', 'apps/web/dist', 'apps/web/dist-ssr']) {
    await cp(join(repoRoot, dist), join(root, dist), { recursive: true });
  }
  await copyFile(join(repoRoot, 'package.json'), join(root, 'package.json'));
  for (const modules of ['node_modules', 'apps/api/node_modules']) {
    if (existsSync(join(repoRoot, modules))) {
      await symlink(join(repoRoot, modules), join(root, modules), 'dir');
    }
  }
  const entry = join(root, 'apps/api/dist/server.js');
  if (!existsSync(entry) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    throw new Error('[e2e] the build changed while it was copied; run the tests again');
  }
  return entry;
}

/**
 * Only what a Node process needs from the outside: the server must not pick up the caller's
 * DATABASE_URL, external OIDC_ISSUER or PORT, or the two servers would share state.
 */
function baseEnvironment(): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT'];
  const env: NodeJS.ProcessEnv = {};
  for (const key of keep) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** Keeps the last lines of output for the failure message; forwards warnings and errors. */
function captureOutput(server: RunningServer, stream: NodeJS.ReadableStream | null): void {
  if (!stream) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      server.log.push(line);
      if (server.log.length > logTailLines) server.log.shift();
      if (isWarningOrWorse(line)) process.stderr.write(`[e2e ${server.name}] ${line}\n`);
    }
  });
}

function isWarningOrWorse(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed && typeof parsed === 'object' && 'level' in parsed) {
      const level = parsed.level;
      return typeof level === 'number' && level >= 40;
    }
  } catch {
    // not a log record
  }
  return false;
}

async function waitUntilReady(server: RunningServer): Promise<void> {
  const deadline = Date.now() + startupTimeoutMs;
  const readyUrl = `${server.baseUrl}/health/ready`;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `[e2e] the ${server.name} server exited during start-up ` +
          `(code ${String(server.child.exitCode)}, signal ${String(server.child.signalCode)}).\n` +
          `Last output:\n${server.log.join('\n')}`,
      );
    }
    try {
      const response = await fetch(readyUrl, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `${readyUrl} answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `[e2e] the ${server.name} server was not ready within ${startupTimeoutMs / 1000} s ` +
      `(${lastProblem}).\nLast output:\n${server.log.join('\n')}`,
  );
}

async function startServer(
  entry: string,
  name: string,
  responseType: ResponseType,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), `portico-e2e-${name}-`));
  tempDirs.push(dataDir);
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...baseEnvironment(),
      NODE_ENV: 'test',
      // HOST unset: the server's default, IPv6 and IPv4 (the loopback test opens [::1]).
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No load balancer to warn before the test servers stop: no grace period.
      SHUTDOWN_GRACE_MS: '0',
      // The read caches as in production (ADR 0043; NODE_ENV=test alone turns them off).
      READ_CACHE: '1',
      // The files sign in as the same few demo users and search far faster than a person:
      // anna alone passed the default 60 searches a minute once the suite got quicker, and
      // the search page answered 429 (ADR 0061; the API tests check the budget itself).
      SEARCH_RATE_LIMIT: '1000',
      OIDC_RESPONSE_TYPE: responseType,
      ...extraEnv,
    },
  });
  const server: RunningServer = { name, baseUrl, dataDir, child, log: [] };
  servers.push(server);
  captureOutput(server, child.stdout);
  captureOutput(server, child.stderr);
  return server;
}

async function stopServer(server: RunningServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
  await exited;
  clearTimeout(timer);
}

/** Last resort when the runner itself is interrupted: never leave servers behind. */
function killAllNow(): void {
  for (const { child } of servers) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

export async function teardown(): Promise<void> {
  await Promise.all(servers.splice(0).map(stopServer));
  await Promise.all(
    tempDirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 })),
  );
  process.off('exit', killAllNow);
}

export async function setup(project: TestProject): Promise<void> {
  process.on('exit', killAllNow);
  try {
    ensureBuilt();
    const entry = await snapshotBuild();
    // Both at once: start-up is mostly single-threaded work (migrate + seed) per process.
    const code = await startServer(entry, 'code', 'code');
    // The implicit server's community search points at a dead address: e2e/tests/search.test.ts
    // checks that a failing source fails only its own card (issue 4 "Done when").
    const implicit = await startServer(entry, 'implicit', 'id_token token', {
      SEARCH_COMMUNITY_URL: 'http://127.0.0.1:9/count',
    });
    await Promise.all([waitUntilReady(code), waitUntilReady(implicit)]);
    project.provide('codeBaseUrl', code.baseUrl);
    project.provide('implicitBaseUrl', implicit.baseUrl);
  } catch (error) {
    await teardown();
    throw error;
  }
}
