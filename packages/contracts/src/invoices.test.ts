import { describe, expect, it } from 'vitest';
import { invoiceListQuerySchema } from './invoices.js';

describe('invoice list query (issue 14, §9)', () => {
  it('defaults to the newest upload first, 20 a page, no filters', () => {
    expect(invoiceListQuerySchema.parse({})).toEqual({
      sort: 'uploadDate',
      order: 'desc',
      statuses: [],
      page: 1,
      size: 20,
    });
  });

  it('reads several statuses once each, dates and an account', () => {
    expect(
      invoiceListQuerySchema.parse({
        sort: 'status',
        order: 'asc',
        status: 'OVERDUE, OPEN,OVERDUE,',
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        page: '3',
        accountId: 'acc-northwind',
      }),
    ).toEqual({
      sort: 'status',
      order: 'asc',
      statuses: ['OVERDUE', 'OPEN'],
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      page: 3,
      size: 20,
      accountId: 'acc-northwind',
    });
  });

  it.each([
    [{ sort: 'date' }],
    [{ order: 'up' }],
    [{ status: 'OPEN (DIRECT DEBIT)' }],
    [{ startDate: '2025-02-29' }],
    [{ page: '-1' }],
    [{ size: '0' }],
    [{ accountId: '../acc' }],
    [{ sort: ['amount', 'number'] }],
  ])('refuses %j', (query) => {
    expect(invoiceListQuerySchema.safeParse(query).success).toBe(false);
  });
});
