import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
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

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A keep-alive connection that has answered one request and now sits idle. */
async function idleKeepAliveConnection(port: number): Promise<{
  closed: Promise<{ error: Error | undefined; afterMs: number }>;
  extraData: () => string;
}> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  let firstResponseDone: () => void = () => undefined;
  const firstResponse = new Promise<void>((r) => (firstResponseDone = r));
  let extra = '';
  socket.on('data', (chunk: Buffer) => {
    if (received.includes('"live"')) extra += chunk.toString();
    else {
      received += chunk.toString();
      if (received.includes('"live"')) firstResponseDone();
    }
  });
  const startedAt = Date.now();
  let error: Error | undefined;
  socket.on('error', (e) => (error = e));
  const closed = once(socket, 'close').then(() => ({ error, afterMs: Date.now() - startedAt }));
  socket.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
  await firstResponse;
  expect(received).toMatch(/^HTTP\/1\.1 200 /);
  expect(received.toLowerCase()).toContain('connection: keep-alive');
  return { closed, extraData: () => extra };
}

describe('server start-up and graceful shutdown (issue 2 §7, issue 11 §4)', () => {
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
    'starts; on SIGTERM turns not-ready, keeps serving a keep-alive load through the grace period with no error or reset, then drains in-flight requests with Connection: close, closes idle connections and exits 0',
    { timeout: 240_000 },
    async () => {
      const graceMs = 2500;
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
          SHUTDOWN_GRACE_MS: String(graceMs),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<Exit>((resolve) =>
        started.once('exit', (code, signal) => resolve({ code, signal })),
      );
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

      // An idle keep-alive connection, and an in-flight request: headers sent, body still
      // coming when the listener closes.
      const idle = await idleKeepAliveConnection(port);
      const inFlight = connect(port, '127.0.0.1');
      await once(inFlight, 'connect');
      let inFlightResponse = '';
      let inFlightError: Error | undefined;
      inFlight.on('data', (chunk: Buffer) => (inFlightResponse += chunk.toString()));
      inFlight.on('error', (e) => (inFlightError = e));
      const inFlightClosed = once(inFlight, 'close');
      inFlight.write(
        'POST /api/in-flight HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"a":',
      );

      // 50 keep-alive connections of load (a balancer's pool); after 1 s the stop signal; the
      // load goes on for 1.5 s more, like a balancer that needs a while to see readiness fail.
      let loadDone: (result: autocannon.Result) => void = () => undefined;
      let loadFailed: (error: Error) => void = () => undefined;
      const loadResult = new Promise<autocannon.Result>((resolve, reject) => {
        loadDone = resolve;
        loadFailed = reject;
      });
      const load = autocannon(
        { url: `${base}/config.json`, connections: 50, duration: 2.5 },
        (error: unknown, result) =>
          error
            ? loadFailed(error instanceof Error ? error : new Error('load failed'))
            : loadDone(result),
      );
      const loadErrors: string[] = [];
      load.on('reqError', (error: Error) => loadErrors.push(String(error)));
      await new Promise((r) => setTimeout(r, 1000));

      started.kill('SIGTERM');
      const signalAt = Date.now();
      const readiness: number[] = [];
      const probe = (async () => {
        while (Date.now() - signalAt < graceMs - 500) {
          // 0: no answer at all (the listener already gone).
          const status = await fetch(`${base}/health/ready`, { headers: { connection: 'close' } })
            .then(async (res) => (await res.arrayBuffer(), res.status))
            .catch(() => 0);
          readiness.push(status);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();

      const result = await loadResult;
      await probe;
      expect(Date.now() - signalAt).toBeLessThan(graceMs);
      expect(started.exitCode).toBeNull(); // still serving: the grace period is not over
      expect({
        errors: result.errors,
        timeouts: result.timeouts,
        resets: result.resets,
        non2xx: result.non2xx,
        loadErrors,
      }).toEqual({ errors: 0, timeouts: 0, resets: 0, non2xx: 0, loadErrors: [] });
      expect(result['2xx']).toBeGreaterThan(100);
      // The balancer was told: readiness failed during the grace period (a probe already
      // queued when the signal came may still say 200), and stayed failed.
      const firstFailed = readiness.indexOf(503);
      expect(firstFailed, `readiness answers: ${readiness.join(', ')}`).toBeGreaterThanOrEqual(0);
      expect(readiness.slice(firstFailed).every((status) => status === 503)).toBe(true);

      // After the grace period the listener closes: the idle connection is closed cleanly (a
      // FIN, no reset, nothing sent), the in-flight request still gets its real answer.
      const idleClosed = await idle.closed;
      expect(idleClosed.error).toBeUndefined();
      expect(idle.extraData()).toBe('');
      expect(Date.now() - signalAt).toBeGreaterThanOrEqual(graceMs - 100);
      await expect(fetch(`${base}/health/live`)).rejects.toThrow(); // no longer accepting
      inFlight.write('"xyz"}');
      await inFlightClosed;
      expect(inFlightError).toBeUndefined();
      expect(inFlightResponse).toMatch(/^HTTP\/1\.1 404 /);
      expect(inFlightResponse).toContain('"statusCode":404');
      expect(inFlightResponse.toLowerCase()).toContain('connection: close');

      const exit = await exited;
      expect({ ...exit, output }).toMatchObject({ code: 0, signal: null });
    },
  );
});
