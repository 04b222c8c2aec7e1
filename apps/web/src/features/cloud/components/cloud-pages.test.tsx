import type {
  AvailabilityReport,
  CloudInstance,
  MaintenanceWindow,
  ResponseTimeReport,
} from '@portico/contracts';
import { catalogFor } from '@portico/locales/catalogs';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, shellAs, url } from '../../../../test/app-test-harness.js';
import { cloudEnvironment, cloudInstance } from '../../../../test/cloud-fixtures.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import {
  catchLoginOn401,
  describePageLoadErrors,
  describeDownloadErrors,
} from '../../../../test/page-errors.js';
import { installTestConfig } from '../../../../test/test-config.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

const server = setUpAppTests();

const INSTANCES: CloudInstance[] = [
  cloudInstance({
    status: 'DEGRADED',
    environments: [
      cloudEnvironment(),
      cloudEnvironment({
        id: 'e-2',
        kind: 'TEST',
        version: '2026.4.0',
        url: 'https://northwind-erp-tes.cloud.portico.test',
        lastRefreshAt: '2026-11-01T10:00:00Z',
      }),
      cloudEnvironment({
        id: 'e-3',
        name: 'Payroll course',
        kind: 'TRAINING',
        url: 'https://northwind-erp-tra.cloud.portico.test',
        lastRefreshAt: '2026-10-01T10:00:00Z',
      }),
    ],
  }),
];

const window = (id: string, startsAt: string, endsAt: string): MaintenanceWindow => ({
  id,
  instanceId: 'ci-1',
  instanceName: 'Northwind ERP',
  environments: ['PRODUCTION'],
  title: `Window ${id}`,
  description: 'Database upgrade.',
  impact: 'DOWNTIME',
  startsAt,
  endsAt,
});

const AVAILABILITY: AvailabilityReport = {
  months: ['2026-09', '2026-10'],
  instances: [
    {
      id: 'ci-1',
      name: 'Northwind ERP',
      slaPercent: 99.7,
      points: [
        { month: '2026-09', availabilityPercent: 99.95, downtimeMinutes: 21, slaMet: true },
        { month: '2026-10', availabilityPercent: 99.52, downtimeMinutes: 214, slaMet: false },
      ],
    },
  ],
};

const RESPONSE: ResponseTimeReport = {
  months: ['2026-09', '2026-10'],
  instances: [
    {
      id: 'ci-1',
      name: 'Northwind ERP',
      points: [
        { month: '2026-09', p50Ms: 210, p95Ms: 800, requests: 100 },
        { month: '2026-10', p50Ms: 230, p95Ms: 850, requests: 100 },
      ],
    },
  ],
};

class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  server.use(
    http.get(url('/api/cloud/instances'), () => HttpResponse.json(INSTANCES)),
    http.get(url('/api/cloud/maintenance'), () =>
      HttpResponse.json([
        window('past', '2020-01-11T20:00:00Z', '2020-01-11T22:00:00Z'),
        window('next', '2099-01-10T20:00:00Z', '2099-01-11T00:00:00Z'),
      ]),
    ),
    http.get(url('/api/cloud/maintenance/:id/ics'), ({ params }) =>
      HttpResponse.text('BEGIN:VCALENDAR', {
        headers: {
          'content-type': 'text/calendar',
          'content-disposition': `attachment; filename="${String(params.id)}.ics"`,
        },
      }),
    ),
    http.get(url('/api/cloud/reports/availability'), () => HttpResponse.json(AVAILABILITY)),
    http.get(url('/api/cloud/reports/response-times'), () => HttpResponse.json(RESPONSE)),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cloud pages (issue 14)', () => {
  it('shows each instance with status, version, URL and its environments', async () => {
    await renderSignedIn('/cloud');
    const card = await screen.findByRole('article', { name: 'Northwind ERP' });
    await waitFor(() => expect(within(card).getByText('Degraded')).toBeVisible());
    // The region code, named by a label (issue 37).
    expect(within(card).getByText('EU North (Stockholm)')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Open Northwind ERP' })).toHaveAttribute(
      'href',
      'https://northwind-erp.cloud.portico.test',
    );
    const environments = within(card).getByRole('table', { name: 'Environments of Northwind ERP' });
    const rows = within(environments).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Production',
      'Test',
      'Payroll course (Training)',
    ]);
    expect(within(rows[0]!).getByText('Never refreshed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Instances' })).toHaveAttribute('aria-current', 'page');
  });

  it('names environment kinds in the reader’s language, a name the customer gave as given (issue 37)', async () => {
    server.use(
      ...shellAs(
        { language: 'de' },
        { labels: Object.entries(catalogFor('web', 'de')).map(([key, value]) => ({ key, value })) },
      ),
    );
    await renderSignedIn('/cloud');
    const environments = await screen.findByRole('table', {
      name: 'Umgebungen von Northwind ERP',
    });
    const rows = within(environments).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Produktion',
      'Test',
      'Payroll course (Schulung)',
    ]);
  });

  it('splits maintenance into upcoming and past, names the time zone and exports .ics', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    await renderSignedIn('/cloud/maintenance');
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(await screen.findByText(new RegExp(`your time zone: .*\\(${zone}\\)`))).toBeVisible();
    const upcoming = screen.getByTestId('maintenance-upcoming');
    expect(within(upcoming).getByText('Window next')).toBeVisible();
    expect(within(screen.getByTestId('maintenance-past')).getByText('Window past')).toBeVisible();
    const start = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2099-01-10T20:00:00Z'),
    );
    expect(within(upcoming).getByText(start)).toBeVisible();
    await userEvent.click(
      screen.getByRole('button', { name: 'Add to calendar: Window next (.ics)' }),
    );
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[1]).toBe('next.ics');
  });

  it('shows maintenance in the profile’s time zone, not the browser’s (issue 16)', async () => {
    server.use(...shellAs({ timeZone: 'Asia/Tokyo' }));
    await renderSignedIn('/cloud/maintenance');
    expect(await screen.findByText(/your time zone: .*\(Asia\/Tokyo\)/)).toBeVisible();
    const row = within(screen.getByTestId('maintenance-upcoming')).getByRole('row', {
      name: /Window next/,
    });
    // 20:00–24:00 UTC is 05:00–09:00 the next morning in Tokyo: one day, so the end is a time.
    const times = within(row)
      .getAllByText((_, element) => element?.tagName === 'TIME')
      .map((time) => time.textContent);
    expect(times).toEqual(['Jan 11, 2099, 5:00 AM', '9:00 AM']);
  });

  it('gives the availability chart a table with the same figures, marking months below SLA', async () => {
    await renderSignedIn('/cloud/reports');
    const table = await screen.findByRole('table', {
      name: 'Monthly availability per instance, in per cent',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Sep 202699.95',
      'Oct 202699.52 (below SLA)',
    ]);
    expect(
      screen.getByRole('img', { name: /Chart of monthly availability per instance/ }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Availability (XLSX)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Response times (CSV)' })).toBeVisible();
  });

  it('calls the configured cloud and reports endpoints (§7, issue 27)', async () => {
    installTestConfig({
      endpoints: {
        invoices: '/api/invoices',
        cloud: 'https://ops.example.test/api/cloud-services/',
        reports: '/api/reporting',
        exports: { invoices: '/api/invoices/export.xlsx', users: '/api/users/export' },
        notifications: '/api/notifications',
      },
    });
    server.use(
      http.get('https://ops.example.test/api/cloud-services/instances', () =>
        HttpResponse.json([{ ...INSTANCES[0]!, name: 'Configured ERP' }]),
      ),
      http.get(url('/api/reporting/availability'), () =>
        HttpResponse.json({
          months: ['2026-11'],
          instances: [
            {
              ...AVAILABILITY.instances[0]!,
              points: [
                { month: '2026-11', availabilityPercent: 99.99, downtimeMinutes: 4, slaMet: true },
              ],
            },
          ],
        } satisfies AvailabilityReport),
      ),
      http.get(url('/api/reporting/response-times'), () => HttpResponse.json(RESPONSE)),
    );
    const { router } = await renderSignedIn('/cloud');
    expect(await screen.findByRole('article', { name: 'Configured ERP' })).toBeVisible();
    await act(() => router.navigate('/cloud/reports'));
    const table = await screen.findByRole('table', { name: /Monthly availability/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Nov 202699.99']);
  });
});

// Issue 27: one §8 error path. Each section's data failing is the §8 text with a retry that
// loads it (never "Loading" for ever, never an empty page); a failed .ics or report download
// is the §8 notification. A 400 shows the API's message, a 401 the session text and the login.
describe('§8 errors on every call of the cloud pages', () => {
  const redirects = catchLoginOn401(server);
  beforeEach(() => {
    server.use(
      http.get(url('/api/cloud/release-schedules'), () => HttpResponse.json([])),
      http.get(url('/api/cloud/notifications'), () => HttpResponse.json([])),
    );
  });

  describePageLoadErrors(
    server,
    redirects,
    [
      { call: '/api/cloud/instances', path: '/cloud', text: 'Northwind ERP' },
      { call: '/api/cloud/maintenance', path: '/cloud/maintenance', text: 'Upcoming maintenance' },
      {
        call: '/api/cloud/release-schedules',
        path: '/cloud/release-schedules',
        text: 'No release schedules for your products.',
      },
      {
        call: '/api/cloud/notifications',
        path: '/cloud/notifications',
        text: 'No cloud notifications.',
      },
      { call: '/api/cloud/reports/availability', path: '/cloud/reports', text: 'Availability' },
      { call: '/api/cloud/reports/response-times', path: '/cloud/reports', text: 'Response times' },
      // Which account to show (the last one used): the §8 text in the picker's place.
      { call: '/api/accounts/recent', path: '/cloud', text: 'Northwind ERP' },
    ].map(({ text, ...call }) => ({ ...call, ready: { text } })),
  );

  describeDownloadErrors(server, redirects, [
    {
      call: '/api/cloud/maintenance/:id/ics',
      path: '/cloud/maintenance',
      button: 'Add to calendar: Window next (.ics)',
    },
    {
      call: '/api/cloud/reports/availability.xlsx',
      path: '/cloud/reports',
      button: 'Download Availability (XLSX)',
    },
  ]);
});
