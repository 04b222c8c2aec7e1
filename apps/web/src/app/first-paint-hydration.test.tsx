import type { FirstPaint, UserProfile } from '@portico/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  defaultFooterHtml,
  defaultHeaderHtml,
  demoProfile,
  signIn,
  url,
} from '../../test/app-test-harness.js';
import { newsItems } from '../../test/news-test-server.js';
import { setUpAppTests } from '../../test/page-lifecycle.js';
import { testConfig } from '../../test/test-config.js';
import { NEWS_QUERY_KEY } from '../features/news/utils/news-query-storage.js';
import { renderFirstPaint } from '../first-paint/app-first-paint.js';
import { installRecordingAnalytics } from '../lib/analytics/recording-analytics.js';
import { i18n } from '../lib/labels/i18n.js';
import { capturePreviewLanguage } from '../lib/labels/preview-language.js';
import {
  FIRST_PAINT_STATE_ID,
  hydrateFirstPaint,
  readFirstPaintState,
} from './first-paint-hydration.js';
import { createQueryClient } from './providers.js';

// ADR 0075: the server renders the whole app (apps/web/src/first-paint) and the browser
// hydrates that markup: one markup, the painted nodes become the app's own.

const server = setUpAppTests();

const anna: UserProfile = { ...demoProfile, language: 'de' };

/** What the server's renderer makes of anna's news list, in German. */
async function serverPaint(path = '/news'): Promise<FirstPaint> {
  signIn(); // the server renders only for a signed-in user (its token checked)
  const painted = await renderFirstPaint({
    path,
    search: '',
    profile: anna,
    language: 'de',
    labels: [
      { key: 'news.title', value: 'Neuigkeiten' },
      // What the app's English defaults already say does not travel in the page.
      { key: 'toolbar.help', value: 'Help' },
      { key: 'toolbar.loading', value: ' ' },
    ],
    header: defaultHeaderHtml,
    footer: defaultFooterHtml,
    news: { items: newsItems(3), total: 3 },
    endpoints: { api: '/api', invoices: '/api/invoices' },
    get: () => Promise.resolve(null),
    config: testConfig(),
  });
  if (!painted) throw new Error('nothing painted');
  // A fresh browser: English labels until the app applies the page's.
  i18n.removeResourceBundle('de', 'server');
  await i18n.changeLanguage('en');
  return painted;
}

let root: Root | null = null;

/** The page as first-html.ts writes it: the app in #root, its data beside it. */
function pageWith(painted: FirstPaint): HTMLElement {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = painted.html;
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = FIRST_PAINT_STATE_ID;
  state.textContent = JSON.stringify(painted.state);
  document.body.append(container, state);
  return container;
}

async function hydrateAt(path: string, container: HTMLElement): Promise<Root | null> {
  window.history.replaceState(null, '', path);
  const state = readFirstPaintState(container);
  expect(state).not.toBeNull();
  let hydrated: Root | null = null;
  await act(async () => {
    hydrated = await hydrateFirstPaint(container, createQueryClient(), state!);
  });
  root = hydrated;
  return hydrated;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.getElementById('root')?.remove();
  document.getElementById(FIRST_PAINT_STATE_ID)?.remove();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('the first paint, hydrated (ADR 0075)', () => {
  it('takes the painted page over node for node, without a mismatch, and runs it', async () => {
    const painted = await serverPaint();
    expect(painted.state.labels.list).toEqual([{ key: 'news.title', value: 'Neuigkeiten' }]);
    const container = pageWith(painted);
    const heading = container.querySelector('h1');
    const firstCard = container.querySelector('article');
    expect(heading?.textContent).toBe('Neuigkeiten');
    expect(firstCard).not.toBeNull();
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    const sink = installRecordingAnalytics();

    expect(await hydrateAt('/news', container)).not.toBeNull();

    // The very nodes the server wrote are the app's now: nothing was rendered again.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(within(screen.getByRole('list', { name: /./ })).getAllByRole('article')[0]).toBe(
      firstCard,
    );
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalledWith(
      expect.stringContaining('differed'),
      expect.anything(),
    );
    // In the page's language, and alive: the painted Help button opens its hint.
    expect(document.documentElement.lang).toBe('de');
    server.use(
      http.get(url('/api/content/infodocument/news-help'), () =>
        HttpResponse.json({ title: 'Suchtipps', content: '<p>Mindestens drei Buchstaben.</p>' }),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Help' }));
    expect(await screen.findByRole('dialog', { name: 'Suchtipps' })).toBeVisible();
    // What the server cannot draw comes right after: the bell, in the header's bar.
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    // §4 Start-up and §7: analytics starts with the profile and sees the page view, as on a
    // page the app renders alone.
    await waitFor(() => expect(sink.pageViews()).toEqual(['/news']));
    expect(sink.recorded('init').map((e) => e.profile.id)).toEqual([anna.id]);
  });

  it('leaves the page to the app where this browser would show another one', async () => {
    const painted = await serverPaint();

    // Signed out in the meantime (another tab): the sign-in comes next.
    window.localStorage.clear();
    expect(await hydrateAt('/news', pageWith(painted))).toBeNull();
    act(() => undefined);
    document.getElementById('root')?.remove();
    document.getElementById(FIRST_PAINT_STATE_ID)?.remove();

    // A translator's preview shows another language than the profile's.
    signIn();
    capturePreviewLanguage('?language=fr');
    expect(await hydrateAt('/news', pageWith(painted))).toBeNull();
    window.sessionStorage.clear();
    document.getElementById('root')?.remove();
    document.getElementById(FIRST_PAINT_STATE_ID)?.remove();

    // A search this session saved shows its results, not the plain list.
    window.sessionStorage.setItem(NEWS_QUERY_KEY, 'cloud');
    expect(await hydrateAt('/news', pageWith(painted))).toBeNull();
  });

  it('finds no data where the page holds only its digest (the data did not come, or changed since)', () => {
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = '<main><h1>News</h1></main>';
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_PAINT_STATE_ID;
    block.textContent = JSON.stringify({ digest: 'x'.repeat(43) });
    document.body.append(container, block);
    expect(readFirstPaintState(container)).toBeNull();
    // The boot script empties the block when the data's digest is not the page's.
    block.textContent = '';
    expect(readFirstPaintState(container)).toBeNull();
  });
});
