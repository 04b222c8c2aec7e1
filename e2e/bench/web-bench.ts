// `npm run bench:web`: the first load of /news on a throttled phone profile (issue 11).
//
// Starts the built server (apps/api/dist, run `npm run build` first) over a scratch PGlite on
// port BENCH_PORT (8141), signs in once through the real sign-in page, then measures, in
// Debian's Chromium with 4× CPU throttling, 150 ms RTT, 1.6 Mbps down, 750 kbps up and no
// cache: the LCP of /news (median of BENCH_RUNS, 5), bytes and requests, and the initial JS
// (Brotli sizes of the scripts asked for until the app shows the page); then the same for a static copy
// of the rendered /news page served from the same origin. Prints; it is not a timed test.
// BENCH_WATERFALL=1 also prints what the last SPA run loaded when, up to LCP.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { anna } from '../support/demo-users.js';
import { signIn } from '../support/sign-in.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const distDir = join(root, 'apps/web/dist');
const port = Number(process.env['BENCH_PORT'] ?? 8141);
const runs = Number(process.env['BENCH_RUNS'] ?? 5);
const baseUrl = `http://localhost:${port}`;
const STATIC_NAME = 'bench-static-news.html';

interface Measure {
  lcp: number;
  bytes: number;
  requests: number;
  jsBrotli: number;
  /** BENCH_WATERFALL=1: what loaded when, up to LCP, and the LCP element (issue 11). */
  waterfall: string[];
}

const waterfallWanted = process.env['BENCH_WATERFALL'] === '1';

async function startServer(dataDir: string) {
  const child = spawn(process.execPath, [join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  });
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${baseUrl}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become ready');
}

/** Brotli size of a built asset (the .br copy the server sends), else its plain size. */
function brotliSize(address: string): number {
  const path = new URL(address).pathname;
  const file = join(distDir, path);
  if (existsSync(`${file}.br`)) return statSync(`${file}.br`).size;
  return existsSync(file) ? statSync(file).size : 0;
}

async function measure(context: BrowserContext, url: string, ready: string): Promise<Measure> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6e6 / 8) * 1,
    uploadThroughput: 750e3 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.requestWillBeSent', () => requests++);
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    const v = window as unknown as { __lcpElement: string };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__lcp = entry.startTime;
        const element = (entry as PerformanceEntry & { element: Element | null }).element;
        v.__lcpElement = element ? `${element.tagName.toLowerCase()}.${element.className}` : '?';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    const tasks: string[] = [];
    (window as unknown as { __longTasks: string[] }).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        tasks.push(
          `${entry.startTime.toFixed(0).padStart(6)} → ${(entry.startTime + entry.duration).toFixed(0).padStart(6)}  (long task, main thread)`,
        );
      }
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  // When the page itself is up (the app's own cards, not the server's first paint).
  const readyAt = await page.evaluate(() => performance.now());
  await page.waitForTimeout(3000);
  const { lcp, scripts, waterfall } = await page.evaluate((readyAt) => {
    const w = window as unknown as { __lcp: number };
    // The initial JS: every script asked for until the app showed the page (with a first
    // paint the LCP comes before any script, so "before LCP" would count nothing).
    const scripts = performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => e.initiatorType !== 'img')
      .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime <= readyAt)
      .map((e) => e.name);
    const resources = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ]
      .map((e) => e as PerformanceResourceTiming)
      .filter((e) => e.startTime <= Math.max(w.__lcp, readyAt))
      .map(
        (e) =>
          `${e.startTime.toFixed(0).padStart(6)} → ${e.responseEnd.toFixed(0).padStart(6)}  ${new URL(e.name).pathname.slice(0, 70)} (first byte ${e.responseStart.toFixed(0)}, ${(e.encodedBodySize / 1024).toFixed(1)} KB)`,
      );
    const element = (window as unknown as { __lcpElement: string }).__lcpElement;
    const longTasks = (window as unknown as { __longTasks: string[] }).__longTasks.filter(
      (line) => Number(line.slice(0, 6)) <= Math.max(w.__lcp, readyAt),
    );
    return {
      lcp: w.__lcp,
      scripts,
      waterfall: [
        ...resources,
        ...longTasks,
        `${w.__lcp.toFixed(0).padStart(6)}   LCP ${element}`,
        `${readyAt.toFixed(0).padStart(6)}   the app shows the page`,
      ].sort((a, b) => Number(a.slice(0, 6)) - Number(b.slice(0, 6))),
    };
  }, readyAt);
  const jsBrotli = scripts.reduce((sum, address) => sum + brotliSize(address), 0);
  await page.close();
  return { lcp, bytes, requests, jsBrotli, waterfall };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  if (
    !existsSync(join(root, 'apps/api/dist/server.js')) ||
    !existsSync(join(distDir, 'index.html'))
  )
    throw new Error('Run `npm run build` first.');
  const dataDir = await mkdtemp(join(tmpdir(), 'portico-bench-web-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
    const page = await context.newPage();
    await signIn(page, baseUrl, anna);
    await page.goto(`${baseUrl}/news`);
    await page.getByRole('list', { name: 'News items' }).waitFor();
    // The static copy: the rendered page, visible, without scripts, from the same origin.
    const html = (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
      .replace(/<link rel="modulepreload"[^>]*>/gi, '')
      .replace(/(data-testid="app-page"[^>]*?) hidden=""/, '$1')
      .replace(/ hidden="" (aria-busy)/, ' $1');
    await writeFile(join(distDir, STATIC_NAME), html);
    await page.close();

    const spa: Measure[] = [];
    const copy: Measure[] = [];
    for (let i = 0; i < runs; i++) {
      spa.push(await measure(context, `${baseUrl}/news`, '#root .news-card'));
      copy.push(await measure(context, `${baseUrl}/${STATIC_NAME}`, '.news-card'));
    }
    const summary = (name: string, list: Measure[]) => ({
      name,
      lcp: median(list.map((m) => m.lcp)),
      bytes: median(list.map((m) => m.bytes)),
      requests: median(list.map((m) => m.requests)),
      jsBrotli: median(list.map((m) => m.jsBrotli)),
    });
    const a = summary('/news (SPA)', spa);
    const b = summary('static copy', copy);
    console.log(
      `\nbench:web — ${runs} runs each, median; 4× CPU, 150 ms RTT, 1.6 Mbps down, cold cache\n`,
    );
    console.log('| page        | LCP ms | KB transferred | requests | initial JS (brotli KB) |');
    console.log('|-------------|-------:|---------------:|---------:|-----------------------:|');
    for (const s of [a, b]) {
      console.log(
        `| ${s.name.padEnd(11)} | ${s.lcp.toFixed(0).padStart(6)} | ${(s.bytes / 1024).toFixed(1).padStart(14)} | ${String(s.requests).padStart(8)} | ${(s.jsBrotli / 1024).toFixed(1).padStart(22)} |`,
      );
    }
    console.log(`\nLCP ratio SPA / static copy: ${(a.lcp / b.lcp).toFixed(2)} (target ≤ 1.3)`);
    console.log(`initial JS of /news: ${(a.jsBrotli / 1024).toFixed(1)} KB brotli (target ≤ 110)`);
    if (waterfallWanted) {
      console.log('\nwaterfall of the last SPA run (ms from navigation, start → end):');
      for (const line of spa.at(-1)?.waterfall ?? []) console.log(line);
    }
    console.log(
      `runs (LCP ms): SPA ${spa.map((m) => m.lcp.toFixed(0)).join(', ')}; static ${copy.map((m) => m.lcp.toFixed(0)).join(', ')}`,
    );
  } finally {
    await browser.close();
    await unlink(join(distDir, STATIC_NAME)).catch(() => undefined);
    server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
