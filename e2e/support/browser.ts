// One Chromium per test file, a fresh context (cookies, storage) per test. Debian's Chromium
// (its headless shell, ADR 0078) is driven through playwright-core, which ships no browser.
import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { chromiumArgs, testChromiumPath } from './chromium.js';

const resultsDir = join(resolve(dirname(fileURLToPath(import.meta.url)), '..'), 'test-results');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: testChromiumPath,
    headless: true,
    args: chromiumArgs,
  });
}

export interface BrowserSession {
  /** The page of the current test (a new context each test). */
  readonly page: Page;
  readonly context: BrowserContext;
  readonly browser: Browser;
  /** Uncaught page errors and console errors seen in the current test. */
  readonly pageErrors: readonly string[];
}

function fileSafe(name: string): string {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
}

/**
 * Registers the hooks of a browser test file and returns live accessors. On a failed test a
 * screenshot goes to e2e/test-results/ and the page's errors are printed, before the context
 * closes.
 */
export function useBrowser(): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });

  beforeEach(async () => {
    if (!browser) throw new Error('The browser did not start');
    errors = [];
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
    });
  });

  afterEach(async (testContext) => {
    const failed = testContext.task.result?.state === 'fail';
    if (failed && page && !page.isClosed()) {
      await mkdir(resultsDir, { recursive: true });
      const suite = testContext.task.suite?.name ?? '';
      const file = join(resultsDir, `${fileSafe(`${suite} ${testContext.task.name}`)}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(
        `[e2e] "${testContext.task.name}" failed at ${page.url()}\n  screenshot: ${file}` +
          (errors.length > 0 ? `\n  page errors:\n    ${errors.join('\n    ')}` : ''),
      );
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });

  const required = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`No ${what}: use it inside a test`);
    return value;
  };

  return {
    get page() {
      return required(page, 'page');
    },
    get context() {
      return required(context, 'browser context');
    },
    get browser() {
      return required(browser, 'browser');
    },
    get pageErrors() {
      return errors;
    },
  };
}
