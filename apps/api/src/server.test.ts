import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
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

  it(
    'listens, migrates, reports ready, drains an in-flight request and exits 0 on SIGTERM',
    { timeout: 240_000 },
    async () => {
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

      // An in-flight request: headers sent, body still coming when the stop signal arrives.
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      let response = '';
      socket.on('data', (chunk: Buffer) => (response += chunk.toString()));
      socket.write(
        'POST /api/in-flight HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"a":',
      );
      await new Promise((r) => setTimeout(r, 300));

      started.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 1000));
      expect(started.exitCode).toBeNull(); // still draining
      socket.write('"xyz"}');

      const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];
      expect({ code, signal, output }).toMatchObject({ code: 0, signal: null });
      // The in-flight request got its real answer, not a reset.
      expect(response).toMatch(/^HTTP\/1\.1 404 /);
      expect(response).toContain('"statusCode":404');
      socket.destroy();
      await expect(fetch(`${base}/health/live`)).rejects.toThrow();
    },
  );
});
