import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, shellHandlers } from '../../../../test/app-test-harness.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import {
  noSourceAnswers,
  searchingAnna as anna,
  searchServer,
  type SearchServerOptions,
} from '../../../../test/search-test-server.js';

// Issue 34 (ADR 0061): a spent per-user search budget (429) reads as "wait", not "broken".

const server = setUpAppTests();
const WAIT = 'You have searched too often in a short time. Please wait a minute and try again.';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
