import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetStartUpForTests } from '../src/app/start-up.js';
import { i18n } from '../src/lib/labels/i18n.js';
import { SUPPORTED_LOCALES } from '../src/lib/labels/labels-query.js';
import { useNotificationStore } from '../src/lib/notifications/notification-store.js';
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
