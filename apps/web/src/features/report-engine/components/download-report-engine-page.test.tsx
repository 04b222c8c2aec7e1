import { act, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn, url } from '../../../../test/app-test-harness.js';
import { AppProviders, createQueryClient } from '../../../app/providers.js';
import { clearTokens } from '../../../lib/auth/tokens.js';
import { useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { setupTestServer } from '../../../../test/msw.js';
import { installTestConfig } from '../../../../test/test-config.js';
import { DownloadReportEnginePage } from './download-report-engine-page.js';

// §2 download-report-engine: content document download-erpx-description, a download link,
// clicked automatically once.

const server = setupTestServer();
vi.setConfig({ testTimeout: 20_000 });

const DOWNLOAD = '/files/report-engine-7.2.zip';
const documentUrl = url('/api/content/infodocument/download-erpx-description');

/** Every click on a link of the page; the browser's own follow-up is stopped (jsdom has no downloads). */
let clicks: HTMLAnchorElement[] = [];
const recordClick = (event: MouseEvent) => {
  const anchor = event.target instanceof Element ? event.target.closest('a') : null;
  if (anchor) clicks.push(anchor);
  event.preventDefault();
};

beforeEach(() => {
  const base = installTestConfig();
  installTestConfig({ links: { ...base.links, reportEngineDownload: DOWNLOAD } });
  signIn();
  clicks = [];
  document.addEventListener('click', recordClick);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  document.removeEventListener('click', recordClick);
  vi.restoreAllMocks();
  clearTokens();
  act(() => useNotificationStore.getState().clear());
});

let queryClient = createQueryClient();
const page = () => (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <DownloadReportEnginePage />
    </AppProviders>
  </StrictMode>
);

function renderPage() {
  queryClient = createQueryClient();
  return render(page());
}

function serveDocument(content: string) {
  server.use(
    http.get(documentUrl, () => HttpResponse.json({ title: 'ERPx report engine', content })),
  );
}

describe('/download-report-engine', () => {
  it('shows the sanitised content document', async () => {
    serveDocument(
      '<p>Renders <strong>reports</strong> locally.</p><script>window.__pwned = 1</script>' +
        '<img src="x.png" onerror="window.__pwned = 1" alt="diagram">' +
        '<a href="https://community.example/notes" target="_blank">release notes</a>' +
        '<a href="javascript:alert(1)">bad</a>',
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Report engine download' })).toBeVisible();
    const article = await screen.findByRole('article', { name: 'ERPx report engine' });
    expect(within(article).getByText('reports')).toBeVisible();
    expect(article.querySelector('script')).toBeNull();
    expect(article.innerHTML).not.toMatch(/onerror|__pwned|javascript:/);
    const notes = within(article).getByRole('link', { name: 'release notes' });
    expect(notes).toHaveAttribute('target', '_blank');
    expect(notes.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
  });

  it('clicks the download link automatically, exactly once, also across re-renders', async () => {
    serveDocument('<p>Report engine</p>');
    const view = renderPage();
    const link = screen.getByRole('link', { name: 'Download the report engine' });
    expect(link).toHaveAttribute('href', DOWNLOAD);
    expect(link).toHaveAttribute('download');
    // StrictMode ran the effect twice; the document arriving re-rendered the page.
    await screen.findByRole('article', { name: 'ERPx report engine' });
    view.rerender(page());
    expect(clicks).toEqual([link]);
  });

  it('keeps the download link when the document cannot be loaded', async () => {
    server.use(http.get(documentUrl, () => new HttpResponse(null, { status: 500 })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The description could not be loaded.',
    );
    expect(screen.getByRole('link', { name: 'Download the report engine' })).toHaveAttribute(
      'href',
      DOWNLOAD,
    );
    expect(clicks).toHaveLength(1);
  });
});
