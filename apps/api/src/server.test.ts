import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './lib/paths.js';

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function waitFor(
  check: () => Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('server start-up and graceful shutdown (issue 2 §7)', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  let output = '';
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portico-server-test-'));
    port = await freePort();
  });

  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('listens, migrates, reports ready, and exits 0 on SIGTERM', { timeout: 240_000 }, async () => {
    const started = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot(),
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DEMO_SEED: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(started, 'exit');
    const base = `http://127.0.0.1:${port}`;

    await waitFor(
      async () => (await fetch(`${base}/health/ready`)).status === 200,
      // Generous: a cold PGlite start is slow on a busy 2-core machine.
      180_000,
      `/health/ready (output so far: ${output})`,
    );
    expect(output).toContain(`Portico is ready on http://localhost:${port}`);

    const config = await fetch(`${base}/config.json`);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-security-policy')).toContain("script-src 'self'");
    const unknown = await fetch(`${base}/api/does-not-exist`);
    expect(unknown.status).toBe(404);

    started.kill('SIGTERM');
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
    expect({ code, signal, output }).toMatchObject({ code: 0, signal: null });
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();
  });
});
