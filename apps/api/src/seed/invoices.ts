import { INVOICES_PERMISSION } from '@portico/contracts';
import { insertInvoices, type NewInvoice } from '../modules/invoices/index.js';
import type { Db, Queryable } from '../db/db.js';
import { seedOnce } from './seed-once.js';
import { demoAccounts } from './accounts.js';
import { monthStart } from './cloud.js';
import { createPrng, type Prng } from '../lib/prng.js';
import { demoUsers } from './users.js';

const DAY_MS = 24 * 60 * 60 * 1000;

interface BillingProfile {
  accountId: string;
  /** One digit, part of every invoice number of the account. */
  code: number;
  currency: string;
  vatPercent: number;
  /**
   * Monthly subscription lines: item code (`invoice-item.<code>` names it in the reader's
   * language), English description, quantity range, unit price in minor units.
   */
  subscription: readonly [string, string, number, number, number][];
  directDebit: boolean;
  /** `country`: ISO 3166 alpha-2; the PDF names it in the reader's language. */
  address: { street: string; postalCode: string; city: string; country: string; vat: string };
}

const profiles: readonly BillingProfile[] = [
  {
    accountId: demoAccounts.northwind.id,
    code: 1,
    currency: 'NOK',
    vatPercent: 25,
    subscription: [
      ['erp-cloud', 'ERP cloud subscription', 1, 1, 8_450_000],
      ['financials-cloud', 'Financials cloud subscription', 1, 1, 3_120_000],
      ['fpa-cloud', 'FP&A cloud subscription', 1, 1, 1_980_000],
      ['named-users', 'Additional named users', 4, 18, 42_000],
    ],
    directDebit: true,
    address: {
      street: 'Havnegata 14',
      postalCode: '0150',
      city: 'Oslo',
      country: 'NO',
      vat: 'NO 984 201 337 MVA',
    },
  },
  {
    accountId: demoAccounts.meridian.id,
    code: 2,
    currency: 'GBP',
    vatPercent: 20,
    subscription: [
      ['erpx-partner-demo', 'ERPx partner demo subscription', 1, 1, 145_000],
      ['sandbox-storage', 'Partner sandbox storage (GB)', 50, 120, 95],
    ],
    directDebit: false,
    address: {
      street: '27 Gresham Street',
      postalCode: 'EC2V 7HN',
      city: 'London',
      country: 'GB',
      vat: 'GB 318 4472 19',
    },
  },
  {
    accountId: demoAccounts.brightwater.id,
    code: 3,
    currency: 'GBP',
    vatPercent: 20,
    subscription: [
      ['erp-professional', 'ERP subscription, professional', 1, 1, 612_500],
      ['housing-module', 'Housing management module', 1, 1, 188_000],
    ],
    directDebit: true,
    address: {
      street: '4 Quayside Court',
      postalCode: 'NE1 3DX',
      city: 'Newcastle upon Tyne',
      country: 'GB',
      vat: 'GB 204 9917 63',
    },
  },
];

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);
const dayStart = (date: Date): number => date.getTime() - (date.getTime() % DAY_MS);

function invoice(
  profile: BillingProfile,
  prng: Prng,
  issued: Date,
  sequence: number,
  lines: NewInvoice['lines'],
  state: { paid: boolean; directDebit: boolean; uploadDelayDays: number },
): NewInvoice {
  const net = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const vat = Math.round((net * profile.vatPercent) / 100);
  const due = addDays(issued, 30);
  const yyyymm = isoDay(issued).slice(0, 7).replace('-', '');
  return {
    accountId: profile.accountId,
    number: `INV-${yyyymm}-${profile.code}${String(sequence).padStart(3, '0')}`,
    issuedOn: isoDay(issued),
    dueOn: isoDay(due),
    uploadedAt: new Date(
      issued.getTime() + state.uploadDelayDays * DAY_MS + prng.int(6, 17) * 3_600_000,
    ),
    currency: profile.currency,
    netMinor: net,
    vatMinor: vat,
    vatPercent: profile.vatPercent,
    directDebit: state.directDebit,
    paidAt: state.paid ? addDays(due, -prng.int(0, 5)) : null,
    lines,
  };
}

/**
 * Three years of monthly invoices per billed demo account (36 months back to this month),
 * plus a quarterly consulting invoice for Northwind. All four statuses occur: this month's
 * subscription is OPEN (DIRECT DEBIT) where the account pays by direct debit, else OPEN; the
 * one of two months ago is unpaid, so OVERDUE; everything older is PAID; this month's
 * consulting invoice is OPEN. Whatever the day of the month, all four occur (the test of the
 * statuses once failed in a month's first days, when the consulting invoice was left out).
 */
export function demoInvoices(now: Date): NewInvoice[] {
  const prng = createPrng(1416);
  const invoices: NewInvoice[] = [];
  for (const profile of profiles) {
    for (let monthsAgo = 35; monthsAgo >= 0; monthsAgo--) {
      const issued = monthStart(now, monthsAgo);
      const month = issued.toLocaleString('en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      const period = isoDay(issued);
      const lines = profile.subscription.map(([itemCode, description, min, max, unit], index) => {
        const quantity = prng.int(min, max);
        return {
          position: index + 1,
          description: `${description}, ${month}`,
          itemCode,
          period,
          quantity,
          unitPriceMinor: unit,
          amountMinor: quantity * unit,
        };
      });
      invoices.push(
        invoice(profile, prng, issued, 1, lines, {
          paid: monthsAgo !== 0 && monthsAgo !== 2,
          directDebit: profile.directDebit && monthsAgo !== 2,
          uploadDelayDays: 1,
        }),
      );
      if (profile.code === 1 && monthsAgo % 3 === 0) {
        const hours = prng.int(12, 60);
        // Issued on the tenth; this month's until then today, so it is OPEN on any day.
        const consulting = new Date(Math.min(addDays(issued, 9).getTime(), dayStart(now)));
        invoices.push(
          invoice(
            profile,
            prng,
            consulting,
            2,
            [
              {
                position: 1,
                description: `Implementation consulting, ${month}`,
                itemCode: 'consulting',
                period,
                quantity: hours,
                unitPriceMinor: 165_000,
                amountMinor: hours * 165_000,
              },
            ],
            { paid: monthsAgo !== 0, directDebit: false, uploadDelayDays: prng.int(2, 6) },
          ),
        );
      }
    }
  }
  // Nothing is uploaded after "now": this month's uploads happened just now.
  return invoices.map((item) =>
    item.uploadedAt.getTime() <= now.getTime() ? item : { ...item, uploadedAt: new Date(now) },
  );
}

async function isSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('select 1 from billing_addresses where account_id = $1', [
    demoAccounts.northwind.id,
  ]);
  return rows.length > 0;
}

async function seedRows(tx: Queryable, now: Date): Promise<void> {
  // ADR 0023: anna (a customer's account administrator) and paul (the partner) handle their
  // accounts' bills; nina does not. Also for databases seeded before invoices existed.
  await tx.query(
    `update users set permissions = array_append(permissions, $1)
      where id = any($2::text[]) and not ($1 = any(permissions))`,
    [INVOICES_PERMISSION, [demoUsers.anna.id, demoUsers.paul.id]],
  );
  await insertInvoices(tx, demoInvoices(now));
  for (const profile of profiles) {
    const a = profile.address;
    await tx.query(
      `insert into billing_addresses (account_id, street, postal_code, city, country, vat_number)
       values ($1, $2, $3, $4, $5, $6)`,
      [profile.accountId, a.street, a.postalCode, a.city, a.country, a.vat],
    );
  }
}

/** The invoices' demo data (issue 14); does nothing once Northwind's billing address exists. */
export async function seedInvoices(db: Db, now: Date): Promise<void> {
  await seedOnce(db, 727279, isSeeded, (tx) => seedRows(tx, now));
}
