import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
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

/** Cookies of one browser, enough for the embedded provider's sign-in. */
class Cookies {
  private readonly jar = new Map<string, string>();
  store(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';', 1);
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs in over HTTP like the SPA (authorisation code with PKCE through the real sign-in
 * page) and returns the access token.
 */
async function signIn(base: string, publicUrl: string, email: string): Promise<string> {
  const cookies = new Cookies();
  const go = async (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ): Promise<Response> => {
    const response = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { cookie: cookies.header(), ...init.headers },
    });
    cookies.store(response);
    return response;
  };
  const follow = async (first: Response): Promise<Response> => {
    let response = first;
    for (let hops = 0; hops < 10; hops += 1) {
      const location = response.headers.get('location');
      if (!location || location.includes('/state-redirect')) return response;
      response = await go(location);
    }
    throw new Error('too many redirects');
  };
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${publicUrl}/state-redirect`;
  const query = new URLSearchParams({
    client_id: 'portico-spa',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    state: 'x',
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const page = await follow(await go(`/oidc/auth?${query.toString()}`));
  const action = /<form [^>]*action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error(`no sign-in form (${page.status})`);
  const callback = await follow(
    await go(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: 'portico-demo' }).toString(),
    }),
  );
  const code = new URL(callback.headers.get('location') ?? '', base).searchParams.get('code');
  if (!code) throw new Error(`no code (${callback.status})`);
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'portico-spa',
      code_verifier: verifier,
    }).toString(),
  });
  const { access_token: accessToken } = (await token.json()) as { access_token?: string };
  if (!accessToken) throw new Error(`no access token (${token.status})`);
  return accessToken;
}

/** What one request of the load got: a status, or the error code of its failure. */
interface Outcome {
  startedAt: number;
  status?: number;
  connectionClose?: boolean;
  answeredAt?: number;
  error?: string;
}

/**
 * Signed-in GET /api/news in a closed loop on `workers` keep-alive connections spread over
 * several agents (a balancer's pools), until stop() — through a SIGTERM and past the
 * listener's close, when each attempt is refused at connect.
 */
function keepAliveLoad(port: number, token: string, agents: number, perAgent: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const pools = Array.from(
    { length: agents },
    () => new Agent({ keepAlive: true, maxSockets: perAgent }),
  );
  const once = (agent: Agent): Promise<Outcome> =>
    new Promise((resolve) => {
      const startedAt = Date.now();
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path: '/api/news',
          headers: { authorization: `Bearer ${token}` },
          timeout: 30_000,
        },
        (res) => {
          res.resume();
          res.once('end', () =>
            resolve({
              startedAt,
              status: res.statusCode ?? 0,
              connectionClose: res.headers.connection === 'close',
              answeredAt: Date.now(),
            }),
          );
          res.once('error', (e: NodeJS.ErrnoException) =>
            resolve({ startedAt, error: e.code ?? e.message }),
          );
        },
      );
      req.once('timeout', () => req.destroy(new Error('timeout')));
      req.once('error', (e: NodeJS.ErrnoException) =>
        resolve({ startedAt, error: e.code ?? e.message }),
      );
      req.end();
    });
  const loops = pools.flatMap((agent) =>
    Array.from({ length: perAgent }, async () => {
      while (running) {
        const outcome = await once(agent);
        outcomes.push(outcome);
        // Nobody listens any more: keep trying, gently.
        if (outcome.error) await new Promise((r) => setTimeout(r, 20));
      }
    }),
  );
  return {
    outcomes,
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
      for (const agent of pools) agent.destroy();
    },
  };
}

describe('server start-up and graceful shutdown (issue 2 §7, issue 11 §4, issue 23 §1)', () => {
  let dataDir: string;
  let child: ChildProcess | undefined;
  let output = '';
  let port: number;
  // Over PostgreSQL too when DATABASE_URL is set: a scratch schema, dropped after.
  const databaseUrl = process.env.DATABASE_URL;
  const schema = `t_${randomBytes(6).toString('hex')}`;

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
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
  });

  it(
    'starts without a warning; on SIGTERM turns not-ready but keeps serving a signed-in keep-alive /api load through the grace period with Connection: close, then refuses new connections, answers what was sent, closes idle connections cleanly and exits 0: no 503, no reset',
    { timeout: 240_000 },
    async () => {
      const graceMs = 2500;
      const started = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
        cwd: repoRoot(),
        env: {
          PATH: process.env.PATH,
          // tsx reads the tsconfig of its working directory (the repository's, which has no
          // `jsx`); the API's own compiles its .tsx templates with the automatic runtime.
          TSX_TSCONFIG_PATH: 'apps/api/tsconfig.json',
          NODE_ENV: 'test',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          DEMO_SEED: '1', // a user to sign in
          LOG_LEVEL: 'warn',
          SHUTDOWN_GRACE_MS: String(graceMs),
          ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
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
      const publicUrl = `http://localhost:${port}`;

      await waitFor(
        async () => (await fetch(`${base}/health/ready`)).status === 200,
        // Generous: a cold PGlite start and seed is slow on a busy 2-core machine.
        180_000,
        `/health/ready (output so far: ${output})`,
      );
      expect(output).toContain(`Portico is ready on ${publicUrl}`);
      // Nothing warned on the way up: a Fastify warning (FSTWRN…, FSTDEP…: a route schema it
      // reads otherwise than meant) or a Node deprecation is a defect to fix, not a log line.
      expect(output).not.toMatch(/\[(FST[A-Z]+\d+|DEP\d+)\]|Warning:/);

      const config = await fetch(`${base}/config.json`);
      expect(config.status).toBe(200);
      expect(config.headers.get('content-security-policy')).toContain("script-src 'self'");
      const unknown = await fetch(`${base}/api/does-not-exist`);
      expect(unknown.status).toBe(404);
      const token = await signIn(base, publicUrl, 'anna.customer@portico.test');

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

      // Signed-in /api load on 24 keep-alive connections in 4 pools (a balancer that needs a
      // while to see readiness fail, and never stops trying): 1 s of it, the stop signal,
      // then on through the grace period and past the listener's close until the exit.
      const load = keepAliveLoad(port, token, 4, 6);
      await new Promise((r) => setTimeout(r, 1000));

      started.kill('SIGTERM');
      const signalAt = Date.now();
      const readiness: number[] = [];
      while (Date.now() - signalAt < graceMs - 500) {
        // 0: no answer at all (the listener already gone).
        const status = await fetch(`${base}/health/ready`, { headers: { connection: 'close' } })
          .then(async (res) => (await res.arrayBuffer(), res.status))
          .catch(() => 0);
        readiness.push(status);
        await new Promise((r) => setTimeout(r, 100));
      }
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
      expect(inFlightResponse).toContain('"status":404');
      expect(inFlightResponse.toLowerCase()).toContain('connection: close');

      const exit = await exited;
      await new Promise((r) => setTimeout(r, 200)); // a few more attempts after the exit
      await load.stop();
      expect({ ...exit, output }).toMatchObject({ code: 0, signal: null });

      // Every request of the load was answered 200 or refused at connect: no 503, no reset.
      // One exception, the kernel's and not the server's: a connection still waiting in the
      // listen queue when the listener closes is reset, never accepted. On a busy machine the
      // queue holds requests begun up to a moment before the first refusal, no earlier.
      const { outcomes } = load;
      const closedAt = Math.min(
        ...outcomes.filter((o) => o.error === 'ECONNREFUSED').map((o) => o.startedAt),
      );
      const tally = new Map<string, number>();
      for (const o of outcomes) {
        const queuedAtClose = o.error === 'ECONNRESET' && o.startedAt >= closedAt - 500;
        const key = queuedAtClose ? 'reset in the listen queue' : (o.error ?? String(o.status));
        tally.set(key, (tally.get(key) ?? 0) + 1);
      }
      const kinds = [...tally.keys()].filter((k) => k !== 'reset in the listen queue').sort();
      expect(kinds, JSON.stringify([...tally])).toEqual(['200', 'ECONNREFUSED']);
      expect(tally.get('ECONNREFUSED')).toBeGreaterThan(0); // the load outlived the listener
      // /api was served during the grace period, on connections the server told to close...
      const told = outcomes.filter((o) => o.status === 200 && o.connectionClose);
      expect(told.length).toBeGreaterThan(20);
      // ...and once it had said so (a busy node may see the signal late), every later request
      // was told too: no connection was left open for the listener's close to cut.
      const toldFrom = Math.min(...told.map((o) => o.answeredAt ?? Infinity));
      const keptOpen = outcomes.filter(
        (o) => o.status === 200 && !o.connectionClose && o.startedAt > toldFrom,
      );
      expect(keptOpen).toEqual([]);
    },
  );
});
