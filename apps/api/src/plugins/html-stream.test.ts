import { execFile } from 'node:child_process';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createBrotliDecompress, createGunzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPaintApp } from '../../test/first-paint-app.js';
import { FIRST_PAINT_COOKIE } from '../modules/first-paint/first-paint-cookie.js';

// ADR 0077: a painted page's head (its style sheets) goes out at once, the rest once painted.
// The stand-in renderer waits for the test to open its gate, or fails when told to.
interface Gate {
  open?: () => void;
  wait?: Promise<void>;
  fail?: boolean;
  /** Holds the event loop this long as the render starts, as a long render does. */
  busyMs?: number;
}
const gate: Gate = {};
(globalThis as { porticoPaintGate?: Gate }).porticoPaintGate = gate;
afterEach(() => {
  gate.open?.();
  delete gate.open;
  delete gate.wait;
  delete gate.fail;
  delete gate.busyMs;
});

const GATED = `export async function renderFirstPaint(input) {
  const gate = globalThis.porticoPaintGate;
  await gate.wait;
  for (const until = Date.now() + (gate.busyMs ?? 0); Date.now() < until; );
  if (gate.fail) throw new Error('the render failed');
  return { html: '<p id="painted">' + input.path + '</p>',
    state: { queries: {}, labels: { language: input.language, list: [] }, router: { loaderData: {} } } };
}`;

const HEAD_END = '<div id="root">';
const run = promisify(execFile);

/** The page as it arrives over a real connection, decoded, and when it ends. */
function pageOverHttp(port: number, cookie: string, encoding: string) {
  let text = '';
  const arrived = new Promise<IncomingMessage>((resolve, reject) => {
    httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/news',
        headers: {
          accept: 'text/html',
          'accept-encoding': encoding,
          cookie: `${FIRST_PAINT_COOKIE}=${cookie}`,
        },
      },
      resolve,
    )
      .on('error', reject)
      .end();
  });
  const ended = arrived.then((response) => {
    const decoded: Readable = response.pipe(
      encoding === 'br'
        ? createBrotliDecompress()
        : encoding === 'gzip'
          ? createGunzip()
          : new PassThrough(),
    );
    decoded.setEncoding('utf8');
    decoded.on('data', (chunk: string) => (text += chunk));
    return new Promise<void>((resolve) => decoded.on('end', resolve));
  });
  return { arrived, ended, text: () => text };
}

describe('a painted page in two parts (ADR 0077)', () => {
  const { setup, page } = firstPaintApp(GATED);

  it.each(['br', 'gzip', 'identity'])(
    'sends the head (%s) before the paint is done, then the painted rest',
    async (encoding) => {
      gate.wait = new Promise((resolve) => (gate.open = resolve));
      await setup.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
      const { port } = setup.app.server.address() as AddressInfo;
      const answer = pageOverHttp(port, setup.token, encoding);
      const response = await answer.arrived;
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['content-encoding']).toBe(
        encoding === 'identity' ? undefined : encoding,
      );
      await expect.poll(answer.text).toContain(HEAD_END);
      // The head: the route's style sheets, and nothing of the paint yet.
      expect(answer.text()).toMatch(/<link rel="stylesheet"|<\/head>/);
      expect(answer.text()).not.toContain('id="painted"');
      gate.open?.();
      await answer.ended;
      expect(answer.text()).toContain(`${HEAD_END}<p id="painted">/news</p></div>`);
      expect(answer.text().trimEnd()).toMatch(/<\/html>$/);
    },
  );

  it('finishes a paint whose reader left after the head, and goes on answering', async () => {
    gate.wait = new Promise((resolve) => (gate.open = resolve));
    await setup.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = setup.app.server.address() as AddressInfo;
    const left = pageOverHttp(port, setup.token, 'br');
    await expect.poll(left.text).toContain(HEAD_END);
    (await left.arrived).destroy();
    gate.open?.();
    const next = pageOverHttp(port, setup.token, 'br');
    await next.ended;
    expect(next.text()).toContain(`${HEAD_END}<p id="painted">/news</p></div>`);
  });

  it('sends the head before a render that holds the event loop', async () => {
    gate.busyMs = 2000;
    await setup.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => undefined);
    const { port } = setup.app.server.address() as AddressInfo;
    // The reader in a process of its own: this one is held by the render.
    const reader = `const t0 = Date.now(); let head = -1;
      require('node:http').get({ port: ${port}, host: '127.0.0.1', path: '/news', headers: {
        accept: 'text/html', 'accept-encoding': 'br', cookie: '${FIRST_PAINT_COOKIE}=${setup.token}' } },
        (res) => { res.once('data', () => (head = Date.now() - t0));
          res.on('end', () => console.log(JSON.stringify({ head, end: Date.now() - t0 }))).resume(); });`;
    const { stdout } = await run(process.execPath, ['-e', reader]);
    const { head, end } = JSON.parse(stdout) as { head: number; end: number };
    expect(end - head).toBeGreaterThan(1500);
  });

  it('ends a page whose paint failed after its head as the app’s own page', async () => {
    gate.fail = true;
    const response = await page('/news', setup.token);
    expect(response.statusCode).toBe(200);
    // An empty root the app renders into, the script that starts it, the end of the page.
    expect(response.body).toContain(`${HEAD_END}</div>`);
    expect(response.body).toMatch(/<script data-entry="[^"]+" data-preload="[^"]*"[^>]*>/);
    expect(response.body).not.toContain('id="painted"');
    expect(response.body.trimEnd()).toMatch(/<\/html>$/);
  });

  it('answers HEAD with the headers of the painted page and no body', async () => {
    const response = await setup.app.inject({
      method: 'HEAD',
      url: '/news',
      headers: { accept: 'text/html', cookie: `${FIRST_PAINT_COOKIE}=${setup.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('');
  });
});

describe('a renderer that never loads or fails to load', () => {
  // Its import never settles: start-up must not wait for it (Fastify gives a plugin 10 s).
  const slow = firstPaintApp('await new Promise(() => {});\nexport const renderFirstPaint = null;');
  // Its import throws: the app then paints the page alone.
  const broken = firstPaintApp('throw new Error("the build is broken");');

  it('does not hold up start-up: the server answers pages it does not paint', async () => {
    const response = await slow.page('/my-settings', slow.setup.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('leaves a painted address to the app instead of failing it', async () => {
    const response = await broken.page('/news', broken.setup.token);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('id="seen"');
  });
});
