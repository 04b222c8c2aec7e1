import { describe, expect, it } from 'vitest';
import { demoAccounts } from './accounts.js';
import { demoInvoices } from './invoices.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The status the invoices' list derives (invoices.repository.ts), read off the demo rows. */
const statusOn = (
  today: string,
  invoice: { paidAt: Date | null; dueOn: string; directDebit: boolean },
): string => {
  if (invoice.paidAt) return 'PAID';
  if (invoice.dueOn < today) return 'OVERDUE';
  return invoice.directDebit ? 'OPEN_DIRECT_DEBIT' : 'OPEN';
};

describe('demoInvoices', () => {
  // Every hour-ish of a 31-day month and the turn of a year: the list's statuses must not
  // depend on the day a test runs.
  const moments = Array.from({ length: 31 * 3 }, (_, i) => {
    const day = Math.floor(i / 3);
    return new Date(Date.UTC(2026, 11, 1 + day, [0, 11, 23][i % 3], 5));
  });

  it("gives Northwind's bills all four statuses on any day of the month", () => {
    for (const now of moments) {
      const today = now.toISOString().slice(0, 10);
      const northwind = demoInvoices(now).filter((i) => i.accountId === demoAccounts.northwind.id);
      const statuses = new Set(northwind.map((i) => statusOn(today, i)));
      expect([...statuses].sort(), today).toEqual(['OPEN', 'OPEN_DIRECT_DEBIT', 'OVERDUE', 'PAID']);
    }
  });

  it('issues and uploads nothing after now', () => {
    for (const now of moments) {
      const today = now.toISOString().slice(0, 10);
      for (const invoice of demoInvoices(now)) {
        expect(invoice.issuedOn <= today).toBe(true);
        expect(invoice.uploadedAt.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(invoice.uploadedAt.getTime()).toBeGreaterThanOrEqual(
          Date.parse(invoice.issuedOn) - DAY_MS,
        );
      }
    }
  });
});
