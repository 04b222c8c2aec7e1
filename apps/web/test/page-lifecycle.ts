import { act, configure } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetStartUpForTests } from '../src/app/start-up.js';
import { i18n } from '../src/lib/labels/i18n.js';
import { SUPPORTED_LOCALES } from '../src/lib/labels/labels-query.js';
import { useNotificationStore } from '../src/lib/notifications/notification-store.js';
import { shellHandlers } from './app-test-harness.js';
import { setupTestServer } from './msw.js';
import { releaseLoginLock } from './sign-in.js';
import { installTestConfig } from './test-config.js';

/**
 * What every test of a signed-in page sets up and clears: the test configuration and no
 * scrolling (jsdom has none) before; after, no notification, start-up state, mock, labels
 * from the server, language or stored value is left for the next test.
 */
export function resetPageAroundEach(): void {
  beforeEach(() => {
    installTestConfig();
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    act(() => useNotificationStore.getState().clear());
    resetStartUpForTests();
    vi.restoreAllMocks();
    for (const locale of SUPPORTED_LOCALES) i18n.removeResourceBundle(locale, 'server');
    await i18n.changeLanguage('en');
    window.localStorage.clear();
  });
}

/**
 * What every test of the sign-in routes sets up and clears: resetPageAroundEach, time for
 * whole-app renders on a shared two-core machine, and after each test the one sign-in attempt
 * a page allows released for the next.
 */
export function resetSignInAroundEach(): void {
  vi.setConfig({ testTimeout: 20_000 });
  resetPageAroundEach();
  afterEach(() => {
    releaseLoginLock();
  });
}

/**
 * The preamble of a test file that renders the whole signed-in app: the mock server with the
 * file's own answers and the shell's (the file's first, so they win where both answer), time
 * for whole-app renders on a shared two-core machine, and resetPageAroundEach.
 */
export function setUpAppTests(...handlers: RequestHandler[]): SetupServer {
  const server = setupTestServer(...handlers, ...shellHandlers());
  vi.setConfig({ testTimeout: 20_000 });
  configure({ asyncUtilTimeout: 5000 });
  resetPageAroundEach();
  return server;
}
