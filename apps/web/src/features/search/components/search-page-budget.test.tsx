import type { UserProfile } from '@portico/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoProfile, renderSignedIn, shellHandlers } from '../../../../test/app-test-harness.js';
import { resetStartUpForTests } from '../../../app/start-up.js';
import { useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { setupTestServer } from '../../../../test/msw.js';
import { installTestConfig } from '../../../../test/test-config.js';
import {
  noSourceAnswers,
  searchServer,
  type SearchServerOptions,
} from '../../../../test/search-test-server.js';

// Issue 34 (ADR 0061): a spent per-user search budget (429) reads as "wait", not "broken".

const server = setupTestServer();
// Whole-app renders on a shared two-core machine: allow for slow renders.
vi.setConfig({ testTimeout: 20_000 });

const anna: UserProfile = {
  ...demoProfile,
  permissions: ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'USERMANAGEMENT'],
};
const WAIT = 'You have searched too often in a short time. Please wait a minute and try again.';

beforeEach(() => {
  installTestConfig();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  act(() => useNotificationStore.getState().clear());
  resetStartUpForTests();
  vi.restoreAllMocks();
});

async function open(options: SearchServerOptions) {
  server.use(...shellHandlers({ profile: anna }), ...searchServer(options).handlers);
  await renderSignedIn('/search?query=report&productId=c-fin');
  await screen.findByRole('heading', { level: 1, name: 'Search results' });
}

const cardStatus = (title: string) =>
  within(screen.getByRole('list', { name: 'Results by source' }))
    .getByRole('article', { name: new RegExp(`^${title}( \\(|$)`) })
    .querySelector('.search-card__count')?.textContent;

describe('search results page: the search budget', () => {
  it('a spent budget (429): says to wait a minute, not only that cards failed', async () => {
    await open({ limited: ['combined', 'support', 'university'] });
    expect(await screen.findByText(WAIT, { selector: 'p[role="alert"]' })).toBeVisible();
    expect(cardStatus('University')).toBe('This source could not be searched right now.');
  });

  it('a source failing otherwise shows no such message', async () => {
    await open({ failing: ['university'], answers: { ...noSourceAnswers, community: 3 } });
    expect(
      await screen.findByText('3 results in total', { selector: '.ui-toolbar__count' }),
    ).toBeVisible();
    expect(screen.queryByText(/searched too often/)).not.toBeInTheDocument();
  });
});
