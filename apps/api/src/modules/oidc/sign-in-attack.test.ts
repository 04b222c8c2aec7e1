// Sign-in under attack (issue 11, part 2; ADR 0014): the rate limit holds for parallel
// attempts (reserved in the database before the password is hashed), password hashes are
// bounded per instance (503 when the line is full), and hashes use the chosen parameters
// while older ones still verify and are upgraded on sign-in. Attempts refused by a full
// line go through the slow lane, and attempts in the line wait for their slot before any
// database work (ADR 0042, addendum 2).
import type { LightMyRequestResponse } from 'fastify';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, PASSWORD_SCHEME, verifyPassword } from '../../lib/password.js';
import { authorizeUrl, browser, follow, type Browser } from '../../../test/oidc-flow.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { databaseKinds, routeDatabaseKind } from '../../../test/test-db.js';
import { HashQueue, HashQueueFullError } from './hash-queue.js';
import { busyPage } from './oidc-pages.js';
import {
  CLEANUP_INTERVAL_MS,
  ACCOUNT_PACE_SECONDS,
  limitKeys,
  MAX_ACCOUNT_FAILURES,
  MAX_FAILURES,
} from './sign-in.service.js';
import { appPerSuite } from '../../../test/suite-app.js';

const anna = 'anna.customer@portico.test';
const paul = 'paul.partner@portico.test';
const BURST = 200;

async function openSignIn(client: Browser, t: Pick<TestApp, 'app' | 'db'>): Promise<string> {
  const page = await follow(
    client,
    await client.get(authorizeUrl(t.app, { responseType: 'code', codeChallenge: 'x'.repeat(43) })),
  );
  const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`no sign-in form: ${page.statusCode}`);
  return action;
}

/** One form post of `client`'s pending sign-in, as if sent from `remoteAddress`. */
function postFrom(
  t: Pick<TestApp, 'app' | 'db'>,
  client: Browser,
  action: string,
  remoteAddress: string,
  fields: { email: string; password: string },
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: action,
    remoteAddress,
    headers: {
      host: 'localhost:8080',
      cookie: client.jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(fields).toString(),
  });
}

/**
 * Attempts that reach their hash slot wait there until `release()`, then are refused as if
 * the line were full: two of them fill a line of one slot and one place.
 */
function holdTheLine() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const run = vi.spyOn(HashQueue.prototype, 'run').mockImplementation(async () => {
    await held;
    throw new HashQueueFullError();
  });
  return { run, release };
}

function countStatuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}

/** The attempts the sign-in limits hold for the account of `email` and for `ip`. */
async function reservedAttempts(
  t: Pick<TestApp, 'app' | 'db'>,
  email: string,
  ip: string,
): Promise<{ ip: number; account: number }> {
  const keys = limitKeys(email, ip);
  const attemptsOf = async (key: string) => {
    const { rows } = await t.db.query<{ attempts: number }>(
      'select attempts from sign_in_limits where key = $1',
      [key],
    );
    return rows[0]?.attempts ?? 0;
  };
  return { ip: await attemptsOf(keys.ip), account: await attemptsOf(keys.account) };
}

describe.each(databaseKinds())('sign-in under attack over %s (issue 11, ADR 0014)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A line long enough for every attempt of a burst: what stops them here is the rate limit
    // alone (the line's own bound is tested below).
    t = await createTestApp(kind, { SIGN_IN_HASH_QUEUE: String(2 * BURST) });
  });
  afterAll(async () => {
    await t.close();
  });

  it(`lets at most ${MAX_FAILURES} of ${BURST} parallel wrong passwords from one address reach the password check`, async () => {
    const client = browser(t.app, '192.0.2.10');
    const action = await openSignIn(client, t);
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(t, client, action, '192.0.2.10', { email: anna, password: `guess-${i}` }),
      ),
    );
    // 422 = the password was checked and was wrong; 429 = refused without checking it.
    expect(countStatuses(responses)).toEqual({ 422: MAX_FAILURES, 429: BURST - MAX_FAILURES });
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe('300');
    expect(refused.body).toContain(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
  }, 180_000);

  it(`lets about ${MAX_ACCOUNT_FAILURES} of ${BURST} parallel guesses at one account from ${BURST} addresses reach the password check, then one per ${ACCOUNT_PACE_SECONDS} s`, async () => {
    const client = browser(t.app, '192.0.2.20');
    const action = await openSignIn(client, t);
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        postFrom(t, client, action, `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`, {
          email: paul.toUpperCase(), // the account is limited whatever the case of its address
          password: `guess-${i}`,
        }),
      ),
    );
    // Past the account's limit, fresh addresses share one paced turn (ADR 0014 addendum).
    const paced = Math.ceil((Date.now() - started) / 1000 / ACCOUNT_PACE_SECONDS) + 1;
    const checked = countStatuses(responses)[422] ?? 0;
    expect(checked).toBeGreaterThan(MAX_ACCOUNT_FAILURES);
    expect(checked).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES + paced);
    expect(countStatuses(responses)[429]).toBe(BURST - checked);
    const refused = responses.find((r) => r.statusCode === 429)!;
    expect(refused.headers['retry-after']).toBe(String(ACCOUNT_PACE_SECONDS));
  }, 180_000);

  describe('strangers cannot lock a person out (issue 23)', () => {
    // An account of its own: the attacks below leave it paced for other tests.
    const nina = 'lockout.target@portico.test';
    beforeAll(async () => {
      await t.db.query(
        `insert into users (id, email, password_hash, first_name, last_name, account_id)
         select 'u-lockout-target', $1, password_hash, 'Lock', 'Out', account_id
           from users where email = 'nina.basic@portico.test'`,
        [nina],
      );
    });
    /** Enough failures at nina's account, one from each of many addresses, to pass its limit. */
    const attackNina = async (client: Browser, action: string, net: string) => {
      for (let i = 0; i <= MAX_ACCOUNT_FAILURES; i += 1) {
        await postFrom(t, client, action, `${net}.${i + 1}`, {
          email: nina,
          password: `guess-${i}`,
        });
      }
    };

    /**
     * Once the account's paced turn has come, nina signs in from `address` in a new browser.
     * The pace's window is moved back by its length rather than waited out: the same state a
     * person meets ACCOUNT_PACE_SECONDS later, without 5 s of the suite per call.
     */
    const ninaAtTheNextTurn = async (address: string) => {
      await t.db.query(
        `update sign_in_limits set window_start = window_start - make_interval(secs => $1::integer)
          where key like 'pace:%'`,
        [ACCOUNT_PACE_SECONDS],
      );
      const owner = browser(t.app, address);
      const response = await postFrom(t, owner, await openSignIn(owner, t), address, {
        email: nina,
        password: 'portico-demo',
      });
      return { owner, response };
    };

    it('lets the owner in from an address with no failures, at the next paced turn', async () => {
      const attacker = browser(t.app, '198.51.100.1');
      await attackNina(attacker, await openSignIn(attacker, t), '198.51.100');
      const { response: right } = await ninaAtTheNextTurn('192.0.2.77');
      expect(right.statusCode).toBe(303);
    }, 180_000);

    it('lets the owner in at once from an address they signed in from before, while strangers wait their turn', async () => {
      const target = 'lockout.home@portico.test';
      await t.db.query(
        `insert into users (id, email, password_hash, first_name, last_name, account_id)
         select 'u-lockout-home', $1, password_hash, 'Lock', 'Home', account_id
           from users where email = 'nina.basic@portico.test'`,
        [target],
      );
      const home = '192.0.2.99';
      const signInFrom = async (address: string, password: string) => {
        // A new browser each time: no known-device cookie helps here.
        const client = browser(t.app, address);
        return postFrom(t, client, await openSignIn(client, t), address, {
          email: target,
          password,
        });
      };
      expect((await signInFrom(home, 'portico-demo')).statusCode).toBe(303);

      const attacker = browser(t.app, '198.51.102.1');
      const action = await openSignIn(attacker, t);
      for (let i = 0; i <= MAX_ACCOUNT_FAILURES; i += 1) {
        await postFrom(t, attacker, action, `198.51.102.${i + 1}`, {
          email: target,
          password: `guess-${i}`,
        });
      }
      // The last guess took the account's paced turn: another fresh address waits for the
      // next one, the owner's home address does not.
      const fresh = await signInFrom('192.0.2.98', 'portico-demo');
      expect(fresh.statusCode).toBe(429);
      expect(fresh.headers['retry-after']).toBe(String(ACCOUNT_PACE_SECONDS));
      expect((await signInFrom(home, 'portico-demo')).statusCode).toBe(303);
    }, 180_000);

    it('lets a known device in at once, even from an address with failures of its own', async () => {
      // The account may still be paced by the test before.
      const { owner, response: first } = await ninaAtTheNextTurn('192.0.2.88');
      expect(first.statusCode).toBe(303);
      const device = [first.headers['set-cookie'] ?? []]
        .flat()
        .find((c) => c.startsWith('portico_known_device='));
      expect(device).toMatch(/; Path=\/oidc\/interaction; .*HttpOnly; SameSite=Lax/);
      const deviceCookie = device!.split(';', 1)[0]!;

      // A shared address (an office) where someone typed a wrong password; then an attack.
      const sharedAddress = '203.0.113.200';
      const colleague = browser(t.app, sharedAddress);
      const wrong = await postFrom(t, colleague, await openSignIn(colleague, t), sharedAddress, {
        email: 'someone.else@portico.test',
        password: 'typo',
      });
      expect(wrong.statusCode).toBe(422);
      const attacker = browser(t.app, '198.51.101.1');
      await attackNina(attacker, await openSignIn(attacker, t), '198.51.101');

      const action = await openSignIn(owner, t);
      const attempt = (cookie: string) =>
        t.app.inject({
          method: 'POST',
          url: action,
          remoteAddress: sharedAddress,
          headers: {
            host: 'localhost:8080',
            cookie,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({ email: nina, password: 'portico-demo' }).toString(),
        });
      // Failures of its own and no known device: the address waits out its window.
      expect((await attempt(owner.jar.header())).statusCode).toBe(429);
      expect((await attempt(`${owner.jar.header()}; ${deviceCookie}`)).statusCode).toBe(303);
    }, 180_000);
  });

  it('gives a successful sign-in’s reservation back, and never resets the failures before it', async () => {
    const client = browser(t.app, '192.0.2.30');
    const action = await openSignIn(client, t);
    for (let i = 0; i < 2; i += 1) {
      const wrong = await postFrom(t, client, action, '192.0.2.30', {
        email: 'erik.employee@portico.test',
        password: `guess-${i}`,
      });
      expect(wrong.statusCode).toBe(422);
    }
    const right = await postFrom(t, client, action, '192.0.2.30', {
      email: 'erik.employee@portico.test',
      password: 'portico-demo',
    });
    expect(right.statusCode).toBe(303);
    expect(await reservedAttempts(t, 'erik.employee@portico.test', '192.0.2.30')).toEqual({
      ip: 2,
      account: 2,
    });
  }, 120_000);

  it('deletes ended windows at most once a minute, not after every failure', async () => {
    const client = browser(t.app, '192.0.2.60');
    const action = await openSignIn(client, t);
    const query = vi.spyOn(t.db, 'query');
    const now = vi.spyOn(Date, 'now');
    const cleanups = () =>
      query.mock.calls.filter(([sql]) => /^delete from sign_in_limits\b/.test(sql)).length;
    try {
      const start = Date.now() + 10 * CLEANUP_INTERVAL_MS; // past any earlier test's clean-up
      const wrongAt = async (at: number, i: number) => {
        now.mockReturnValue(at);
        const response = await postFrom(t, client, action, `10.40.0.${i}`, {
          email: `cleanup-${i}@portico.test`,
          password: 'x',
        });
        expect(response.statusCode).toBe(422);
      };
      await wrongAt(start, 1);
      expect(cleanups()).toBe(1);
      await wrongAt(start + 1_000, 2);
      await wrongAt(start + CLEANUP_INTERVAL_MS - 1, 3);
      expect(cleanups()).toBe(1);
      await wrongAt(start + CLEANUP_INTERVAL_MS, 4);
      expect(cleanups()).toBe(2);
    } finally {
      now.mockRestore();
      query.mockRestore();
    }
  }, 120_000);

  it('stores new hashes with Argon2id, still verifies older scrypt ones and upgrades them on sign-in', async () => {
    const fresh = await hashPassword('portico-demo');
    // OWASP's first minimum for Argon2id (ADR 0042), as a PHC string.
    expect(PASSWORD_SCHEME).toEqual({ kind: 'argon2id', m: 19456, t: 2, p: 1 });
    expect(fresh).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await verifyPassword('portico-demo', fresh)).toBe(true);
    expect(await verifyPassword('portico-demo!', fresh)).toBe(false);

    // The scheme every hash had before: scrypt N=2^13, r=8, p=10.
    const old = await hashPassword('portico-demo', { kind: 'scrypt', N: 2 ** 13, r: 8, p: 10 });
    expect(old).toMatch(/^scrypt\$8192\$8\$10\$/);
    expect(await verifyPassword('portico-demo', old)).toBe(true);
    expect(await verifyPassword('portico-demo!', old)).toBe(false);
    await t.db.query('update users set password_hash = $1 where id = $2', [old, 'u-nina']);

    const client = browser(t.app, '192.0.2.40');
    const action = await openSignIn(client, t);
    const signedIn = await postFrom(t, client, action, '192.0.2.40', {
      email: 'nina.basic@portico.test',
      password: 'portico-demo',
    });
    expect(signedIn.statusCode).toBe(303);
    const { rows } = await t.db.query<{ password_hash: string }>(
      'select password_hash from users where id = $1',
      ['u-nina'],
    );
    const upgraded = rows[0]!.password_hash;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('portico-demo', upgraded)).toBe(true);
  }, 120_000);

  it('refuses a damaged stored hash instead of hashing with absurd parameters', async () => {
    expect(
      await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA=='),
    ).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1000$c2FsdA==$aGFzaGhhc2hoYXNoaGFzaA==')).toBe(
      false,
    );
    const salt = 'c2FsdHNhbHRzYWx0c2FsdA';
    const hash = 'aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';
    expect(await verifyPassword('x', `$argon2id$v=19$m=4194304,t=2,p=1$${salt}$${hash}`)).toBe(
      false,
    );
    expect(await verifyPassword('x', `$argon2id$v=19$m=19456,t=100,p=1$${salt}$${hash}`)).toBe(
      false,
    );
    expect(await verifyPassword('x', `$argon2i$v=19$m=19456,t=2,p=1$${salt}$${hash}`)).toBe(false);
    expect(await verifyPassword('x', 'bcrypt$whatever')).toBe(false);
  });
});

describe('a full line of password checks (issue 11, ADR 0014)', () => {
  const t = appPerSuite(routeDatabaseKind(), {
    SIGN_IN_HASH_CONCURRENCY: '1',
    SIGN_IN_HASH_QUEUE: '1',
  });

  it('answers 503 with a readable message and the form, and does not count what it did not check', async () => {
    const client = browser(t.app, '192.0.2.50');
    const action = await openSignIn(client, t);
    const attempts = Array.from({ length: 12 }, (_, i) => ({
      ip: `10.30.0.${i + 1}`,
      email: `someone-${i}@portico.test`,
    }));
    const responses = await Promise.all(
      attempts.map(({ ip, email }) => postFrom(t, client, action, ip, { email, password: 'x' })),
    );
    const counts = countStatuses(responses);
    // One hash runs, one waits: the others are turned away at once.
    expect(counts[422]).toBeGreaterThanOrEqual(2);
    expect(counts[503]).toBeGreaterThanOrEqual(1);
    expect((counts[422] ?? 0) + (counts[503] ?? 0)).toBe(attempts.length);
    // Each refusal is counted for the operators' alert (issue 24, ADR 0052).
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain(`\nportico_sign_in_refusals_total ${counts[503]}\n`);

    const busy = responses.findIndex((r) => r.statusCode === 503);
    const page = responses[busy]!;
    expect(page.headers['retry-after']).toBe('5');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(
      '<div id="sign-in-error" class="error" role="alert"><p>Sign-in is very busy right now. Please wait a few seconds and try again.</p></div>',
    );
    expect(page.body).toContain(`value="${attempts[busy]!.email}"`);
    expect(page.body).toContain('<button type="submit" class="ui-button">Sign in</button>');

    const { email, ip } = attempts[busy]!;
    expect(await reservedAttempts(t, email, ip)).toEqual({ ip: 0, account: 0 });
  }, 120_000);

  it('answers a post while the line is full before the route: no provider, no query, the sign-in page’s headers', async () => {
    const client = browser(t.app, '192.0.2.52');
    const action = await openSignIn(client, t);
    const signInPage = await client.get(action);
    expect(signInPage.statusCode).toBe(200);
    // Hold the line: the two attempts let in wait in their hash until released.
    const { run, release } = holdTheLine();
    const holders = [1, 2].map((i) =>
      postFrom(t, client, action, `10.32.0.${i}`, {
        email: `holder-${i}@portico.test`,
        password: 'x',
      }),
    );
    const admit = vi.spyOn(HashQueue.prototype, 'admit');
    const provider = await t.app.embeddedOidc!.provider();
    const details = vi.spyOn(provider, 'interactionDetails');
    try {
      await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
      admit.mockClear();
      details.mockClear();
      const query = vi.spyOn(t.app.db, 'query');
      const email = '"><b>x</b>@portico.test';
      const refused = await postFrom(t, client, action, '10.32.0.9', { email, password: 'x' });
      query.mockRestore();

      expect(refused.statusCode).toBe(503);
      expect(refused.body).toBe(busyPage('en', action, email));
      expect(refused.body).toContain('value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;@portico.test"');
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(refused.headers['content-length']).toBe(String(Buffer.byteLength(refused.body)));
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'referrer-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'permissions-policy',
      ]) {
        expect(refused.headers[name], name).toBeDefined();
        expect(refused.headers[name], name).toBe(signInPage.headers[name]);
      }
      // Answered before the route: it neither asked the line nor the provider nor the database.
      expect(admit).not.toHaveBeenCalled();
      expect(details).not.toHaveBeenCalled();
      expect(query).not.toHaveBeenCalled();

      // A post the early answer does not read itself (here a large one) takes the route, which
      // is refused the same way, by the line.
      const large = await postFrom(t, client, action, '10.32.0.10', {
        email: 'large@portico.test',
        password: 'x'.repeat(20_000),
      });
      expect(large.statusCode).toBe(503);
      expect(admit).toHaveBeenCalledTimes(1);
    } finally {
      release();
      await Promise.all(holders);
      run.mockRestore();
      admit.mockRestore();
      details.mockRestore();
    }
  }, 120_000);

  it('turns a flood away without a single database query (not even for the texts)', async () => {
    const client = browser(t.app, '192.0.2.51');
    const action = await openSignIn(client, t);
    const query = vi.spyOn(t.app.db, 'query');
    try {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          postFrom(t, client, action, `10.31.0.${i + 1}`, {
            email: `flood-${i}@portico.test`,
            password: 'x',
          }),
        ),
      );
      const counts = countStatuses(responses);
      expect(counts[503]).toBeGreaterThanOrEqual(10);
      // Only the attempts let in read the texts' overrides; a refused one reads nothing.
      const labelQueries = query.mock.calls.filter(([sql]) => /\bfrom labels\b/.test(sql));
      expect(labelQueries.length).toBe(responses.length - (counts[503] ?? 0));
    } finally {
      query.mockRestore();
    }
  }, 120_000);
});

describe('the slow lane and the line, over real connections (issue 11, ADR 0042 addendum 2)', () => {
  const DELAY = 400;
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(routeDatabaseKind(), {
      SIGN_IN_HASH_CONCURRENCY: '1',
      SIGN_IN_HASH_QUEUE: '1',
      SIGN_IN_BUSY_DELAY_MS: String(DELAY),
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await t.close();
  });

  /** One form post over `agent`'s connection: its status, time taken and local port. */
  function timedPost(agent: Agent, email: string) {
    const body = new URLSearchParams({ email, password: 'x' }).toString();
    const start = performance.now();
    return new Promise<{
      status: number;
      ms: number;
      endedAt: number;
      localPort: number | undefined;
    }>((resolve, reject) => {
      const req = request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/oidc/interaction/slow-lane-test',
          headers: {
            host: 'localhost:8080',
            'content-type': 'application/x-www-form-urlencoded',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          const localPort = res.socket.localPort;
          res.resume();
          res.on('end', () => {
            const endedAt = performance.now();
            resolve({ status: res.statusCode ?? 0, ms: endedAt - start, endedAt, localPort });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('does no database work for an attempt in the line until it has its slot', async () => {
    const { run, release } = holdTheLine();
    const query = vi.spyOn(t.app.db, 'query');
    const agent = new Agent({ keepAlive: true });
    try {
      const attempts = [1, 2].map((i) => timedPost(agent, `waiting-${i}@portico.test`));
      await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));
      // Neither the provider's interaction, nor the texts, nor the rate limit was read.
      expect(query).not.toHaveBeenCalled();
      release();
      expect((await Promise.all(attempts)).map((a) => a.status)).toEqual([503, 503]);
    } finally {
      release();
      run.mockRestore();
      query.mockRestore();
      agent.destroy();
    }
  }, 60_000);

  it('answers a refused attempt late, and reads its connection’s next request later still', async () => {
    const { run, release } = holdTheLine();
    const holders = new Agent({ keepAlive: true });
    const attacker = new Agent({ keepAlive: true, maxSockets: 1 });
    const holding = [1, 2].map((i) => timedPost(holders, `holder-${i}@portico.test`));
    try {
      await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(2));

      const first = await timedPost(attacker, 'flood-1@portico.test');
      expect(first.status).toBe(503);
      // Answered no sooner than half the delay (timers may fire a millisecond early).
      expect(first.ms).toBeGreaterThanOrEqual(DELAY / 2 - 5);
      const second = await timedPost(attacker, 'flood-2@portico.test');
      expect(second.localPort).toBe(first.localPort); // the same connection
      expect(second.status).toBe(503);
      // Not read for the delay after the first answer, then answered late itself. Counted
      // from the first answer, not from the second send: the test's own steps in between
      // (slow on a loaded machine) come out of the server's delay, not on top of it.
      expect(second.endedAt - first.endedAt).toBeGreaterThanOrEqual(DELAY + DELAY / 2 - 25);

      release();
      await Promise.all(holding);
    } finally {
      release();
      run.mockRestore();
      holders.destroy();
      attacker.destroy();
      // A failed assertion leaves the holders' requests to end with their sockets.
      await Promise.allSettled(holding);
    }
  }, 60_000);
});
