import type { Invoice } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, shellAs, url } from '../../../../test/app-test-harness.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { problemResponse } from '../../../../test/error-cases.js';
import {
  catchLoginOn401,
  describePageLoadErrors,
  describeDownloadErrors,
} from '../../../../test/page-errors.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';

const server = setUpAppTests();

const invoice = (over: Partial<Invoice>): Invoice => ({
  id: '1',
  number: 'INV-202609-1001',
  date: '2026-09-01',
  dueDate: '2026-10-01',
  uploadedAt: '2026-09-02T08:00:00Z',
  amount: '178825.00',
  currency: 'NOK',
  status: 'OVERDUE',
  ...over,
});

const INVOICES = [
  invoice({}),
  invoice({ id: '2', number: 'INV-202610-1001', amount: '1250.50', status: 'OPEN_DIRECT_DEBIT' }),
  invoice({ id: '3', number: 'INV-202608-1001', amount: '99.00', status: 'PAID' }),
];

/** The list requests the page made, as their query strings. */
let listQueries: URLSearchParams[] = [];

function handlers(accounts: { id: string; name: string }[] | 'forbidden') {
  return [
    http.get(url('/api/invoices/accounts'), () =>
      accounts === 'forbidden' ? problemResponse(403, 'no access') : HttpResponse.json(accounts),
    ),
    http.get(url('/api/invoices'), ({ request }) => {
      listQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(INVOICES, { headers: { 'X-Total-Count': '45' } });
    }),
    http.get(url('/api/invoices/:id/pdf'), ({ params }) =>
      HttpResponse.text('%PDF-1.3', {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="INV-${String(params.id)}.pdf"`,
        },
      }),
    ),
  ];
}

const NORTHWIND = [{ id: 'acc-northwind', name: 'Northwind Logistics AS' }];
const PORTICO = { id: 'acc-portico', name: 'Portico Software B.V.' };

beforeEach(() => {
  listQueries = [];
});

describe('invoices page (issue 14)', () => {
  it('lists invoices with number, dates, amount in the locale and a status badge', async () => {
    server.use(...handlers(NORTHWIND));
    await renderSignedIn('/invoices');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const first = within(rows[0]!);
    expect(first.getByRole('rowheader')).toHaveTextContent('INV-202609-1001');
    expect(first.getByText('OVERDUE')).toHaveClass('invoice-status--overdue');
    expect(first.getByText(/178,825\.00/)).toHaveTextContent(/NOK/);
    expect(within(rows[1]!).getByText('OPEN (DIRECT DEBIT)')).toBeVisible();
    expect(screen.getByText('45 invoices')).toBeVisible();
    expect(screen.getByText(/Northwind Logistics AS/)).toBeVisible();
    // Default: newest upload first; page size 20 (§9).
    expect(listQueries[0]?.get('sort')).toBe('uploadDate');
    expect(listQueries[0]?.get('order')).toBe('desc');
    expect(listQueries[0]?.get('size')).toBe('20');
  });

  it('shows nothing under the title until it knows the account, so nothing moves when it does (issue 25)', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Held until answer(), then passed on to the accounts handler.
    const gate = http.get(url('/api/invoices/accounts'), async () => {
      await answered;
    });
    server.use(gate, ...handlers(NORTHWIND));
    await renderSignedIn('/invoices');
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('status')).toHaveTextContent('Loading');
    // No toolbar yet for the account's intro to push down.
    expect(main.queryByRole('combobox')).toBeNull();

    answer();
    expect(await screen.findByText(/Northwind Logistics AS/)).toBeVisible();
    expect(await screen.findByRole('table')).toBeVisible();
  });

  it('shows each invoice as a card with labelled values on a phone: amount, status and PDF on screen (issue 37)', async () => {
    server.use(...handlers(NORTHWIND));
    await renderSignedIn('/invoices');
    const table = await screen.findByRole('table');
    expect(table).toHaveClass('ui-card-table');
    const [, first] = within(table).getAllByRole('row');
    const cells = [...first!.children];
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Invoice number',
      'Date',
      'Due date',
      'Uploaded',
      'Amount',
      'Status',
      null,
    ]);
    expect(within(cells.at(-1) as HTMLElement).getByRole('button', { name: /PDF/ })).toBeVisible();
  });

  it('sorts by a column header: ascending first, then descending, shown with aria-sort', async () => {
    server.use(...handlers(NORTHWIND));
    const { router } = await renderSignedIn('/invoices?page=2');
    const amount = await screen.findByRole('button', { name: /Amount/ });
    await userEvent.click(amount);
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount&order=asc'));
    await waitFor(() => expect(listQueries.at(-1)?.get('sort')).toBe('amount'));
    expect(listQueries.at(-1)?.get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=amount'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
  });

  it('filters by status from the select and starts again at page 1', async () => {
    server.use(...handlers(NORTHWIND));
    const { router } = await renderSignedIn('/invoices?page=3');
    await userEvent.selectOptions(await screen.findByLabelText('Status'), 'OVERDUE');
    await waitFor(() => expect(router.state.location.search).toBe('?status=OVERDUE'));
    await waitFor(() => expect(listQueries.at(-1)?.get('status')).toBe('OVERDUE'));
    expect(listQueries.at(-1)?.get('page')).toBe('1');
  });

  it('shows a no-access state, and asks for no list, when the API says 403', async () => {
    server.use(...handlers('forbidden'));
    await renderSignedIn('/invoices');
    expect(await screen.findByRole('heading', { name: 'No access to invoices' })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(listQueries).toEqual([]);
    // Not an error: no error notification is raised for it.
    expect(useNotificationStore.getState().notification).toBeNull();
  });

  it('lets a vendor employee pick the account by keyboard, searched on the server (issue 37)', async () => {
    const searches: string[] = [];
    server.use(
      ...shellAs({ unit4Employee: true }, { recentAccounts: { own: PORTICO, recent: [] } }),
      ...handlers([PORTICO]),
      http.get(url('/api/accounts'), ({ request }) => {
        const query = new URL(request.url).searchParams.get('query') ?? '';
        searches.push(query);
        return HttpResponse.json(
          [PORTICO, ...NORTHWIND].filter((a) => a.name.toLowerCase().includes(query)),
        );
      }),
      http.put(url('/api/accounts/recent/:id'), () => new HttpResponse(null, { status: 204 })),
    );
    await renderSignedIn('/invoices');
    const picker = await screen.findByRole('combobox', { name: 'Account' });
    expect(picker).toHaveValue('Portico Software B.V.');
    // One full stop after a name that ends in one.
    expect(
      screen.getByText('Invoices of Portico Software B.V. Amounts include VAT.'),
    ).toBeVisible();
    await userEvent.click(picker);
    await userEvent.keyboard('north');
    await waitFor(() => expect(searches).toContain('north'));
    await screen.findByRole('option', { name: 'Northwind Logistics AS' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(listQueries.at(-1)?.get('accountId')).toBe('acc-northwind'));
  });

  it('says an account has no invoices and what to do, or that filters match none (issue 37)', async () => {
    server.use(
      ...shellAs({ unit4Employee: true }, { recentAccounts: { own: PORTICO, recent: [] } }),
      // Before the shared handlers: the first match answers.
      http.get(url('/api/invoices'), ({ request }) => {
        listQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json([], { headers: { 'X-Total-Count': '0' } });
      }),
      ...handlers([PORTICO]),
    );
    await renderSignedIn('/invoices');
    expect(
      await screen.findByRole('heading', { name: 'This account has no invoices yet.' }),
    ).toBeVisible();
    expect(screen.getByText('Pick another account above to see its invoices.')).toBeVisible();
    expect(screen.queryByText('No invoices match these filters.')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'PAID');
    expect(
      await screen.findByRole('heading', { name: 'No invoices match these filters.' }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(
      await screen.findByRole('heading', { name: 'This account has no invoices yet.' }),
    ).toBeVisible();
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('opens on the last account used, kept on the server (issue 37)', async () => {
    server.use(
      ...shellAs({ unit4Employee: true }, { recentAccounts: { own: PORTICO, recent: NORTHWIND } }),
      ...handlers([PORTICO]),
    );
    await renderSignedIn('/invoices');
    expect(await screen.findByRole('combobox', { name: 'Account' })).toHaveValue(
      'Northwind Logistics AS',
    );
    await waitFor(() => expect(listQueries.at(-1)?.get('accountId')).toBe('acc-northwind'));
    // Never a list call for the own account first.
    expect(listQueries.every((query) => query.get('accountId') === 'acc-northwind')).toBe(true);
  });

  it('downloads an invoice PDF with the bearer token and saves it under its name', async () => {
    server.use(...handlers(NORTHWIND));
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    await renderSignedIn('/invoices');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Download invoice INV-202609-1001 as PDF' }),
    );
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(useNotificationStore.getState().notification).toBeNull();
    expect(save.mock.calls[0]?.[1]).toBe('INV-1.pdf');
  });
});

describe('the list as a file (issue 37)', () => {
  it('Download CSV asks for /api/invoices/export.csv with the filters and sort the XLSX gets', async () => {
    const files: { path: string; query: URLSearchParams }[] = [];
    const file = (type: string) => (info: { request: Request }) => {
      const { pathname, searchParams } = new URL(info.request.url);
      files.push({ path: pathname, query: searchParams });
      return HttpResponse.text('x', {
        headers: {
          'content-type': type,
          'content-disposition': `attachment; filename="invoices-northwind.${type.endsWith('csv') ? 'csv' : 'xlsx'}"`,
        },
      });
    };
    server.use(
      http.get(url('/api/invoices/export.csv'), file('text/csv')),
      http.get(url('/api/invoices/export.xlsx'), file('application/vnd.ms-excel')),
      ...handlers(NORTHWIND),
    );
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const user = userEvent.setup();
    await renderSignedIn(
      '/invoices?status=PAID&startDate=2026-01-01&endDate=2026-06-30&sort=amount&order=asc&page=2',
    );
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save.mock.calls[0]?.[1]).toBe('invoices-northwind.csv');
    await user.click(screen.getByRole('button', { name: 'Download list (XLSX)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));

    const [csv, xlsx] = files;
    expect(csv?.path).toBe('/api/invoices/export.csv');
    expect(Object.fromEntries(csv?.query ?? [])).toEqual({
      status: 'PAID',
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      sort: 'amount',
      order: 'asc',
    });
    expect(xlsx?.path).toBe('/api/invoices/export.xlsx');
    expect(xlsx?.query.toString()).toBe(csv?.query.toString());
  });
});

// Issue 27: one §8 error path. The access answer and the list are the page's data: a failure
// is the §8 text with a retry (never "Loading" for ever); a failed PDF, XLSX or CSV download is the
// §8 notification. A 400 shows the API's own message, a 401 the session text and the login.
describe('§8 errors on every call of the invoices page', () => {
  const redirects = catchLoginOn401(server);

  describePageLoadErrors(
    server,
    redirects,
    ['/api/invoices/accounts', '/api/invoices'].map((call) => ({
      call,
      path: '/invoices',
      heading: { name: 'Invoices', level: 1 },
      ready: { role: 'table' },
      handlers: handlers(NORTHWIND),
    })),
  );

  describeDownloadErrors(
    server,
    redirects,
    [
      { call: '/api/invoices/:id/pdf', button: 'Download invoice INV-202609-1001 as PDF' },
      { call: '/api/invoices/export.xlsx', button: 'Download list (XLSX)' },
      { call: '/api/invoices/export.csv', button: 'Download CSV' },
    ].map((download) => ({ ...download, path: '/invoices' })),
    { handlers: handlers(NORTHWIND), ready: 'table' },
  );
});
