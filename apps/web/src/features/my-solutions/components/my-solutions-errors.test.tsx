import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import { url } from '../../../../test/app-test-harness.js';
import {
  catchLoginOn401,
  describePageLoadErrors,
  describeDownloadErrors,
} from '../../../../test/page-errors.js';
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
// The product's name is a tile and a wizard choice on the dashboard: any one will do.
describePageLoadErrors(server, redirects, [
  { call: '/api/products', path: '/my-solutions', ready: { text: 'ERP' } },
  { call: '/api/products', path: `${base}/software`, ready: { text: 'ERP 2026.2 installer' } },
  {
    call: '/api/products/p-erp',
    path: `${base}/software`,
    ready: { text: 'ERP 2026.2 installer' },
  },
  {
    call: '/api/products/p-erp/downloads',
    path: `${base}/software`,
    ready: { text: 'ERP 2026.2 installer' },
  },
  { call: '/api/products/p-erp/releases', path: `${base}/software`, ready: { text: '2026.1' } },
  {
    call: '/api/products/p-erp/release-notes',
    path: `${base}/release-notes`,
    ready: { text: 'Faster ledger' },
  },
  {
    call: '/api/products/p-erp/release-notes/changes',
    path: `${base}/release-notes?from=2026.1&to=2026.2`,
    ready: { text: 'Changes from 2026.1 to 2026.2' },
  },
  {
    call: '/api/products/c-erp/documents',
    path: `${base}/documentation`,
    ready: { text: 'Oops, we could not find any results. Please modify your search.' },
  },
]);

describeDownloadErrors(server, redirects, [
  {
    call: '/api/products/p-erp/downloads/d-1/file',
    path: `${base}/software`,
    button: 'Download ERP 2026.2 installer',
  },
]);
