// `npm run bench:rolling` (issue 24 "Behind a real balancer"): HAProxy in front of two built
// API nodes (apps/api/dist/server.js) over one PostgreSQL, health-checked on /health/ready,
// while signed-in clients read and write; each node is restarted in turn (SIGTERM, wait for
// its exit, start it again, wait until the balancer sends it traffic). Target: 0 failed
// requests and 0 lost writes (every 2xx write is read back: at once, on whichever node the
// balancer picks, and again at the end).
//
//   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:rolling
//
// A fresh database is created next to DATABASE_URL's and dropped at the end. HAProxy is
// Debian's (`apt-get install -y haproxy` when missing, as root). Knobs: BENCH_WORKERS (4,
// at most 4: one subscription topic each), BENCH_WARMUP_MS (3000) of traffic before and
// after the restarts, BENCH_GRACE_MS (3000, the nodes' SHUTDOWN_GRACE_MS). ADR 0055.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { AccountUser } from '@portico/contracts';
import { positiveInt } from './bench-support.js';
import { inputOf } from '../test/user-input.js';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = resolve(here, '../dist/server.js');
const WORKERS = Math.min(positiveInt('BENCH_WORKERS', 4), 4);
const WARMUP_MS = positiveInt('BENCH_WARMUP_MS', 3000);
const GRACE_MS = positiveInt('BENCH_GRACE_MS', 3000);
/** Health checks every 500 ms, down after 2 failures, up after 2 successes: the grace above covers 1 s. */
const CHECK_INTER_MS = 500;
const ANNA = { email: 'anna.customer@portico.test', password: 'portico-demo' };
const TOPICS = ['general-news', 'cloud-maintenance', 'support-cases', 'invoices'] as const;
const FREQUENCIES = ['immediately', 'daily', 'weekly', 'off'] as const;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen({ host: '127.0.0.1', port: 0 }, ok);
  });
  const address = server.address();
  await new Promise((ok) => server.close(ok));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

function haproxyBinary(): string {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (found) return found;
  console.log('haproxy is missing: apt-get install -y haproxy');
  const install = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  const installed = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (install.status !== 0 || !installed) throw new Error('could not install haproxy (root?)');
  return installed;
}

/** The configuration README "Behind a load balancer" documents, with this run's ports. */
export function haproxyConfig(listen: number, nodes: readonly { name: string; port: number }[]) {
  return `global
  maxconn 2000

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  # A connection refused before the request was sent is retried on the other node.
  retries 3
  option redispatch 1

frontend portico
  bind 127.0.0.1:${listen}
  default_backend nodes

backend nodes
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
  option forwardfor
  # Never send a client's first request over an idle server connection that may be closing.
  http-reuse safe
  default-server inter ${CHECK_INTER_MS}ms fall 2 rise 2
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n')}
`;
}

interface Node {
  name: string;
  port: number;
  process?: ChildProcess;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Cookies of one browser, enough for the provider's interaction cookies. */
class Jar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** A real sign-in through the balancer: authorisation code with PKCE, as the SPA does. */
async function signIn(base: string): Promise<string> {
  const jar = new Jar();
  const go = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };
  const follow = async (res: Response): Promise<Response> => {
    let current = res;
    for (let hop = 0; hop < 10; hop += 1) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      if (location.includes('/state-redirect')) return current;
      await current.arrayBuffer();
      current = await go(location);
    }
    throw new Error('too many redirects');
  };
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const query = new URLSearchParams({
    client_id: 'portico-spa',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: `${base}/state-redirect`,
    state: Buffer.from('/news').toString('base64'),
    nonce: randomBytes(12).toString('base64url'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const page = await follow(await go(`/oidc/auth?${query.toString()}`));
  const html = await page.text();
  const action = /<form [^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form (${page.status})`);
  const callback = await follow(
    await go(action.replaceAll('&amp;', '&'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(ANNA).toString(),
    }),
  );
  const code = new URL(callback.headers.get('location') ?? '', base).searchParams.get('code');
  if (!code) throw new Error(`no code after sign-in (${callback.status})`);
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${base}/state-redirect`,
      client_id: 'portico-spa',
      code_verifier: verifier,
    }).toString(),
  });
  if (!token.ok) throw new Error(`token exchange: ${token.status} ${await token.text()}`);
  return ((await token.json()) as { access_token: string }).access_token;
}

type Kind = 'news list' | 'subscriptions save' | 'subscriptions read' | 'user edit' | 'user read';

interface Tally {
  requests: number;
  failed: number;
  lost: number;
  byKind: Map<Kind, { ok: number; failed: number }>;
  samples: string[];
}

async function main(): Promise<void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('bench:rolling needs PostgreSQL: set DATABASE_URL');
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  const haproxy = haproxyBinary();
  const version = spawnSync(haproxy, ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0];
  const database = `portico_rolling_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${database}`;
  const dir = await mkdtemp(join(tmpdir(), 'portico-rolling-'));
  const lbPort = await freePort();
  const base = `http://127.0.0.1:${lbPort}`;
  const nodes: Node[] = [
    { name: 'a', port: await freePort() },
    { name: 'b', port: await freePort() },
  ];
  const nodeEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DEMO_SEED: '1',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl.href,
    DATABASE_SCHEMA: 'public',
    PUBLIC_URL: base,
    TRUST_PROXY: 'loopback',
    OIDC_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
  };
  const exits: string[] = [];
  const start = async (node: Node): Promise<void> => {
    const child = spawn(process.execPath, [SERVER], {
      env: { ...nodeEnv, PORT: String(node.port) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    node.process = child;
    child.once('exit', (code, signal) => exits.push(`${node.name}: ${code ?? signal}`));
    await waitFor(`http://127.0.0.1:${node.port}/health/ready`, 120_000);
  };
  let lb: ChildProcess | undefined;
  const tally: Tally = { requests: 0, failed: 0, lost: 0, byKind: new Map(), samples: [] };
  try {
    const t0 = performance.now();
    await start(nodes[0]!); // the first migrates and seeds; the second finds it done
    await start(nodes[1]!);
    const config = join(dir, 'haproxy.cfg');
    await writeFile(config, haproxyConfig(lbPort, nodes));
    lb = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`${base}/health/ready`, 20_000);
    await sleep(CHECK_INTER_MS * 3); // both servers checked up
    console.log(
      `rolling bench: ${version}, two nodes on PostgreSQL database ${database}; up in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const token = await signIn(base);
    const auth = { authorization: `Bearer ${token}` };
    const record = (kind: Kind, ok: boolean, detail: string): void => {
      tally.requests += 1;
      const k = tally.byKind.get(kind) ?? { ok: 0, failed: 0 };
      if (ok) k.ok += 1;
      else {
        k.failed += 1;
        tally.failed += 1;
        if (tally.samples.length < 10) tally.samples.push(`${kind}: ${detail}`);
      }
      tally.byKind.set(kind, k);
    };
    const call = async (
      kind: Kind,
      path: string,
      init: RequestInit = {},
    ): Promise<Response | null> => {
      try {
        const res = await fetch(`${base}${path}`, {
          ...init,
          headers: { ...auth, ...(init.headers as Record<string, string>) },
          signal: AbortSignal.timeout(15_000),
        });
        if (!res.ok) {
          record(kind, false, `${res.status} ${(await res.text()).slice(0, 200)}`);
          return null;
        }
        record(kind, true, '');
        return res;
      } catch (error) {
        record(kind, false, String(error));
        return null;
      }
    };

    // Each worker owns one subscription topic and one user of anna's account, so its writes
    // have one expected value whichever node serves them.
    const list = await fetch(`${base}/api/users?status=Active`, { headers: auth });
    const people = ((await list.json()) as { id: string; email: string }[]).filter(
      (u) => u.email !== ANNA.email,
    );
    if (people.length < WORKERS) throw new Error('not enough users in the demo account');

    let running = true;
    const finals: { topic: string; frequency: string; userId: string; city: string }[] = [];
    const worker = async (w: number): Promise<void> => {
      const topic = TOPICS[w]!;
      const userId = people[w]!.id;
      const read = await call('user read', `/api/users/${userId}`);
      if (!read) throw new Error('could not read the user to edit');
      let etag = read.headers.get('etag') ?? '';
      let form = inputOf((await read.json()) as AccountUser);
      let frequency = '';
      let city = form.city;
      for (let i = 0; running; i += 1) {
        await (await call('news list', '/api/news?page=1'))?.arrayBuffer();
        const wanted = FREQUENCIES[i % FREQUENCIES.length]!;
        const saved = await call('subscriptions save', '/api/subscriptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ subscriptions: [{ topic, productId: null, frequency: wanted }] }),
        });
        if (saved) {
          await saved.arrayBuffer();
          frequency = wanted;
          // Read back at once: the balancer may pick the other node.
          const back = await call('subscriptions read', '/api/subscriptions');
          if (back) {
            const rows = (await back.json()) as { topic: string; frequency: string }[];
            if (rows.find((r) => r.topic === topic)?.frequency !== wanted) {
              tally.lost += 1;
              tally.samples.push(`lost subscription write ${topic}=${wanted}`);
            }
          }
        }
        const nextCity = `Rolling ${w}-${i}`;
        const edited = await call('user edit', `/api/users/${userId}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'if-match': etag },
          body: JSON.stringify({ ...form, city: nextCity }),
        });
        if (edited) {
          // The next edit sends this ETag: a lost write would make it fail with 412.
          etag = edited.headers.get('etag') ?? '';
          form = inputOf((await edited.json()) as AccountUser);
          city = nextCity;
        } else {
          const again = await call('user read', `/api/users/${userId}`);
          if (again) {
            etag = again.headers.get('etag') ?? '';
            form = inputOf((await again.json()) as AccountUser);
          }
        }
      }
      finals.push({ topic, frequency, userId, city });
    };

    const loadBefore = loadavg()[0] ?? 0;
    const began = performance.now();
    const workers = Array.from({ length: WORKERS }, (_, w) => worker(w));
    await sleep(WARMUP_MS);
    const restarts: string[] = [];
    for (const node of nodes) {
      const t = performance.now();
      const child = node.process!;
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await exited;
      const down = performance.now();
      await start(node);
      // Until the balancer's checks see it up (rise 2 × inter), it gets no traffic anyway.
      await sleep(CHECK_INTER_MS * 3);
      restarts.push(
        `${node.name}: exited after ${((down - t) / 1000).toFixed(1)} s, serving again after ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    await sleep(WARMUP_MS);
    running = false;
    await Promise.all(workers);
    const seconds = (performance.now() - began) / 1000;

    // Every worker's last 2xx writes, read back once more at the end.
    const subs = await call('subscriptions read', '/api/subscriptions');
    const rows = subs ? ((await subs.json()) as { topic: string; frequency: string }[]) : [];
    for (const f of finals) {
      if (f.frequency && rows.find((r) => r.topic === f.topic)?.frequency !== f.frequency) {
        tally.lost += 1;
        tally.samples.push(`final: ${f.topic} is not ${f.frequency}`);
      }
      const user = await call('user read', `/api/users/${f.userId}`);
      const got = user ? ((await user.json()) as { city: string }).city : '(unread)';
      if (got !== f.city) {
        tally.lost += 1;
        tally.samples.push(`final: user ${f.userId} city ${got}, expected ${f.city}`);
      }
    }

    console.log(`restarts (SIGTERM, wait for exit, start, wait until up):`);
    for (const r of restarts) console.log(`  ${r}`);
    console.log(`\n| kind               |     ok | failed |`);
    console.log(`|--------------------|-------:|-------:|`);
    for (const [kind, k] of tally.byKind) {
      console.log(
        `| ${kind.padEnd(18)} | ${String(k.ok).padStart(6)} | ${String(k.failed).padStart(6)} |`,
      );
    }
    console.log(
      `\n${tally.requests} requests in ${seconds.toFixed(1)} s (${(tally.requests / seconds).toFixed(0)} req/s, ${WORKERS} clients one request at a time) through HAProxy while both nodes restarted: ${tally.failed} failed, ${tally.lost} lost writes`,
    );
    console.log(
      `${availableParallelism()} cores; load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after; node exits: ${exits.join(', ')}`,
    );
    for (const s of tally.samples) console.error(`  ${s}`);
  } finally {
    lb?.kill('SIGTERM');
    for (const node of nodes) node.process?.kill('SIGINT');
    await sleep(1500);
    await admin.query(`drop database if exists ${database} with (force)`).catch((e: unknown) => {
      console.error(`could not drop ${database}:`, e);
    });
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
  if (tally.failed > 0 || tally.lost > 0 || tally.requests === 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
