import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { CATALOGUE_TEXT, ERROR_STATUSES, errorResponse } from '../../../../test/error-cases.js';
import { catchLoginOn401, expectPageErrorWithRetry } from '../../../../test/page-errors.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import { ERP, ERP_INSTALLER as DOWNLOAD } from '../../../../test/my-solutions-fixtures.js';

// Issue 27: one §8 error path in My Solutions. Each call a page cannot show without failing
// is the §8 text with a retry that loads it (never "Loading" for ever, never an empty page); a
// failed file download is the §8 notification. A 400 shows the API's own message, a 401 the
// session text and the login.

const server = setUpAppTests();

const NOTE = {
  id: 1,
  version: '2026.2',
  releaseDate: '2026-06-16',
  title: 'Faster ledger',
  content: '<p>Posting is twice as fast.</p>',
};
const NO_DOCUMENTS = {
  items: [],
  total: 0,
  page: 1,
  pageSize: 20,
  sort: 'date',
  windowed: false,
  facets: [],
};

const redirects = catchLoginOn401(server);
beforeEach(() => {
  server.use(
    http.get(url('/api/products'), () => HttpResponse.json([{ ...ERP, connected: true }])),
    http.get(url('/api/products/highlights'), () => HttpResponse.json([])),
    http.get(url('/api/products/p-erp'), () => HttpResponse.json(ERP)),
    http.get(url('/api/products/p-erp/releases'), () =>
      HttpResponse.json([
        { version: '2026.2', releaseDate: '2026-06-16' },
        { version: '2026.1', releaseDate: '2026-02-10' },
      ]),
    ),
    http.get(url('/api/products/p-erp/downloads'), () => HttpResponse.json([DOWNLOAD])),
    http.get(url('/api/products/p-erp/release-notes'), () => HttpResponse.json([NOTE])),
    http.get(url('/api/products/p-erp/release-notes/changes'), () => HttpResponse.json([NOTE])),
    http.get(url('/api/products/c-erp/documents'), () => HttpResponse.json(NO_DOCUMENTS)),
  );
});

const base = '/my-solutions/erp/c-erp';
const pages = [
  { call: '/api/products', path: '/my-solutions', ready: 'ERP' },
  { call: '/api/products', path: `${base}/software`, ready: 'ERP 2026.2 installer' },
  { call: '/api/products/p-erp', path: `${base}/software`, ready: 'ERP 2026.2 installer' },
  {
    call: '/api/products/p-erp/downloads',
    path: `${base}/software`,
    ready: 'ERP 2026.2 installer',
  },
  { call: '/api/products/p-erp/releases', path: `${base}/software`, ready: '2026.1' },
  {
    call: '/api/products/p-erp/release-notes',
    path: `${base}/release-notes`,
    ready: 'Faster ledger',
  },
  {
    call: '/api/products/p-erp/release-notes/changes',
    path: `${base}/release-notes?from=2026.1&to=2026.2`,
    ready: 'Changes from 2026.1 to 2026.2',
  },
  {
    call: '/api/products/c-erp/documents',
    path: `${base}/documentation`,
    ready: 'Oops, we could not find any results. Please modify your search.',
  },
] as const;

describe.each(pages)('GET $call on $path', ({ call, path, ready }) => {
  // The product's name is a tile and a wizard choice on the dashboard: any one will do.
  it.each(ERROR_STATUSES)('%i: the §8 text with a retry that loads it', (status) =>
    expectPageErrorWithRetry(server, { status, call, path, ready: { text: ready }, redirects }),
  );
});

it.each(ERROR_STATUSES)(
  'GET /api/products/p-erp/downloads/d-1/file %i: the §8 notification, nothing saved',
  async (status) => {
    server.use(
      http.get(url('/api/products/p-erp/downloads/d-1/file'), () => errorResponse(status)),
    );
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderSignedIn(`${base}/software`);
    await user.click(await screen.findByRole('button', { name: 'Download ERP 2026.2 installer' }));
    expect(await screen.findByText(CATALOGUE_TEXT[status])).toBeVisible();
    expect(save).not.toHaveBeenCalled();
    if (status === 401) await waitFor(() => expect(redirects()).toHaveBeenCalled());
  },
);
