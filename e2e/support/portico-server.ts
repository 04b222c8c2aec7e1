// An extra Portico server for one test file (the global setup's two cannot change their
// configuration): the built server on a free port over a throw-away PGlite directory, with
// the test's own environment on top (for example OIDC_ISSUER of an external provider).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = join(repoRoot, 'apps/api/dist/server.js');
/** Migrating and seeding a fresh database takes about 90 s on a busy two-core machine. */
const startupTimeoutMs = 200_000;

export interface PorticoServer {
  readonly baseUrl: string;
  /** The last lines of its output, for failure messages. */
  readonly log: string[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('[e2e] could not pick a free port'));
      });
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts the built server (apps/api/dist, run `npm run build` first) on `port` of localhost
 * and waits until /health/ready answers 200.
 */
export async function startPortico(
  port: number,
  extraEnv: NodeJS.ProcessEnv,
): Promise<PorticoServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-e2e-extra-'));
  const baseUrl = `http://localhost:${port}`;
  const log: string[] = [];
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TZ: process.env.TZ,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHUTDOWN_GRACE_MS: '0',
      ...extraEnv,
    },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      log.push(...chunk.split('\n').filter((line) => line !== ''));
      log.splice(0, Math.max(0, log.length - 100));
    });
  }
  const stop = async () => {
    await stopChild(child);
    await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };

  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`[e2e] the extra server exited during start-up:\n${log.join('\n')}`);
    }
    const ready = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ready) return { baseUrl, log, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`[e2e] the extra server was not ready in time:\n${log.join('\n')}`);
}
