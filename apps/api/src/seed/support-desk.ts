import type { Db, Queryable } from '../db/db.js';
import { seedOnce } from './seed-once.js';
import { demoAccounts } from './accounts.js';
import { demoUsers } from './users.js';

const HOUR_MS = 60 * 60 * 1000;

/** Customer accounts with no demo user of their own: the partner's other customers. */
const partnerCustomerAccounts = [
  {
    id: 'acc-harbourline',
    name: 'Harbourline Ferries Ltd',
    eci: 'ECI-100633',
    dyn: 'DYN-CUST-006331',
  },
  { id: 'acc-kestrel', name: 'Kestrel Aerospace GmbH', eci: 'ECI-100758', dyn: 'DYN-CUST-007580' },
] as const;

/** Paul's partner account implements these customers (GET /api/partner/accounts). */
const partnerLinks = [
  [demoAccounts.meridian.id, demoAccounts.northwind.id],
  [demoAccounts.meridian.id, 'acc-harbourline'],
  [demoAccounts.meridian.id, 'acc-kestrel'],
] as const;

interface DemoCase {
  number: string;
  accountId: string;
  createdBy: string | null;
  title: string;
  description: string;
  category: string;
  priority: string;
  status: string;
  /** Hours before now. */
  openedHoursAgo: number;
  updatedHoursAgo: number;
}

// Fixed numbers so tests, screenshots and the e2e suite can name them. The first case has a
// comma, quotes and a line break in its fields: the CSV download must quote them (§5, issue 5).
export const demoCases: readonly DemoCase[] = [
  {
    number: 'CS0001001',
    accountId: demoAccounts.northwind.id,
    createdBy: demoUsers.anna.id,
    title: 'Invoice run fails for "EUR, NOK" ledgers',
    description:
      'The nightly invoice run stops with "currency mismatch".\nSteps: run batch INV-7, pick ledgers EUR, NOK.',
    category: 'Software defect',
    priority: '2 - High',
    status: 'In progress',
    openedHoursAgo: 30 * 24,
    updatedHoursAgo: 5,
  },
  {
    number: 'CS0001002',
    accountId: demoAccounts.northwind.id,
    createdBy: demoUsers.anna.id,
    title: 'Slow month-end close report',
    description: 'The month-end close report takes more than 20 minutes since the last update.',
    category: 'Performance',
    priority: '3 - Moderate',
    status: 'Awaiting info',
    openedHoursAgo: 12 * 24,
    updatedHoursAgo: 26,
  },
  {
    number: 'CS0001003',
    accountId: demoAccounts.northwind.id,
    createdBy: demoUsers.anna.id,
    title: 'New warehouse user cannot sign in',
    description: 'A colleague in the Bergen warehouse gets "access denied" after signing in.',
    category: 'Access and sign-in',
    priority: '3 - Moderate',
    status: 'New',
    openedHoursAgo: 3,
    updatedHoursAgo: 3,
  },
  {
    number: 'CS0001004',
    accountId: demoAccounts.northwind.id,
    createdBy: demoUsers.anna.id,
    title: 'Duplicate supplier records after import',
    description: 'The supplier import created 14 duplicates; they have been merged by support.',
    category: 'Data issue',
    priority: '4 - Low',
    status: 'Resolved',
    openedHoursAgo: 60 * 24,
    updatedHoursAgo: 40 * 24,
  },
  {
    number: 'CS0001005',
    accountId: demoAccounts.northwind.id,
    createdBy: null,
    title: 'Request for a sandbox refresh',
    description: 'Please refresh the test environment from production.',
    category: 'Service request',
    priority: '4 - Low',
    status: 'Closed',
    openedHoursAgo: 90 * 24,
    updatedHoursAgo: 85 * 24,
  },
  {
    number: 'CS0001006',
    accountId: demoAccounts.meridian.id,
    createdBy: demoUsers.paul.id,
    title: 'Partner sandbox licence expired',
    description: 'Our demo environment shows an expired licence banner.',
    category: 'Access and sign-in',
    priority: '2 - High',
    status: 'New',
    openedHoursAgo: 20,
    updatedHoursAgo: 20,
  },
  {
    number: 'CS0001007',
    accountId: demoAccounts.meridian.id,
    createdBy: demoUsers.paul.id,
    title: 'Question about the ERPx upgrade path',
    description: 'Which versions can be upgraded directly to the current release?',
    category: 'Other',
    priority: '4 - Low',
    status: 'Resolved',
    openedHoursAgo: 20 * 24,
    updatedHoursAgo: 18 * 24,
  },
  {
    number: 'CS0001008',
    accountId: demoAccounts.brightwater.id,
    createdBy: demoUsers.nina.id,
    title: 'Tenant letters print with the wrong logo',
    description: 'Letters printed from the tenancy module still use the old logo.',
    category: 'Software defect',
    priority: '3 - Moderate',
    status: 'In progress',
    openedHoursAgo: 6 * 24,
    updatedHoursAgo: 2 * 24,
  },
];

const catalogueItems = [
  [
    'New user account',
    'Create a user account for a colleague, with the roles they need.',
    'Access',
  ],
  ['Change user roles', 'Add or remove roles for an existing user.', 'Access'],
  ['Sandbox refresh', 'Copy production data into your test environment.', 'Environments'],
  ['New test environment', 'Order an additional test environment for a project.', 'Environments'],
  ['Data export', 'Receive a full export of your data in a standard format.', 'Data'],
  ['Report configuration', 'Have a standard report adjusted to your chart of accounts.', 'Data'],
  ['Training session', 'Book a remote training session for your team.', 'Learning'],
] as const;

const portals = [
  [
    'portal-community',
    'Community',
    'Ask questions and share answers with other customers.',
    'https://community.portico.test',
  ],
  [
    'portal-knowledge',
    'Knowledge base',
    'Articles, release notes and known issues.',
    'https://support.portico.test/kb',
  ],
  [
    'portal-status',
    'Service status',
    'The live status of our cloud services and planned maintenance.',
    'https://status.portico.test',
  ],
  [
    'portal-learning',
    'Learning platform',
    'Courses and certifications for every product.',
    'https://learning.portico.test',
  ],
] as const;

const contacts = [
  [
    'ct-northwind-1',
    demoAccounts.northwind.id,
    'Anna Lindqvist',
    'Main support contact',
    'anna.customer@portico.test',
    '+47 22 41 80 10',
  ],
  [
    'ct-northwind-2',
    demoAccounts.northwind.id,
    'Lars Bakke',
    'Finance key user',
    'lars.bakke@northwind.test',
    '+47 22 41 80 22',
  ],
  [
    'ct-northwind-3',
    demoAccounts.northwind.id,
    'Ingrid Dahl',
    'IT administrator',
    'ingrid.dahl@northwind.test',
    null,
  ],
  [
    'ct-meridian-1',
    demoAccounts.meridian.id,
    'Paul Okafor',
    'Partner support contact',
    'paul.partner@portico.test',
    '+44 20 7946 0555',
  ],
  [
    'ct-meridian-2',
    demoAccounts.meridian.id,
    'Grace Whitfield',
    'Delivery manager',
    'grace.whitfield@meridian.test',
    '+44 20 7946 0556',
  ],
  [
    'ct-brightwater-1',
    demoAccounts.brightwater.id,
    'Nina Kowalski',
    'Main support contact',
    'nina.basic@portico.test',
    null,
  ],
] as const;

async function isSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('select 1 from support_portals limit 1');
  return rows.length > 0;
}

async function seedRows(tx: Queryable, now: Date): Promise<void> {
  for (const a of partnerCustomerAccounts) {
    await tx.query(
      `insert into accounts (id, name, enterprise_customer_id, dynamics_customer_id)
       values ($1, $2, $3, $4) on conflict (id) do nothing`,
      [a.id, a.name, a.eci, a.dyn],
    );
  }
  for (const [partner, customer] of partnerLinks) {
    await tx.query(
      `insert into partner_customer_accounts (partner_account_id, customer_account_id)
       values ($1, $2) on conflict do nothing`,
      [partner, customer],
    );
  }
  for (const c of demoCases) {
    await tx.query(
      `insert into support_cases (number, account_id, created_by, title, description, category,
                                  priority, status, opened_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (number) do nothing`,
      [
        c.number,
        c.accountId,
        c.createdBy,
        c.title,
        c.description,
        c.category,
        c.priority,
        c.status,
        new Date(now.getTime() - c.openedHoursAgo * HOUR_MS),
        new Date(now.getTime() - c.updatedHoursAgo * HOUR_MS),
      ],
    );
  }
  // New desk cases continue after the highest number in use, whoever seeded it.
  await tx.query(
    `select setval('support_case_number_seq', greatest(
       (select last_value from support_case_number_seq),
       coalesce((select max(substring(number from 3)::bigint) from support_cases
                  where number ~ '^CS[0-9]{1,15}$'), 0) + 1), false)`,
  );
  for (const [index, [title, description, category]] of catalogueItems.entries()) {
    await tx.query(
      `insert into service_catalog_items (title, description, category, sort_order)
       select $1, $2, $3, $4
        where not exists (select 1 from service_catalog_items where title = $1)`,
      [title, description, category, index + 1],
    );
  }
  for (const [index, [id, name, description, url]] of portals.entries()) {
    await tx.query(
      `insert into support_portals (id, name, description, url, sort_order)
       values ($1, $2, $3, $4, $5) on conflict (id) do nothing`,
      [id, name, description, url, index + 1],
    );
  }
  for (const [index, [id, accountId, name, role, email, phone]] of contacts.entries()) {
    await tx.query(
      `insert into account_contacts (id, account_id, name, role, email, phone_number, sort_order)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing`,
      [id, accountId, name, role, email, phone, index + 1],
    );
  }
}

/**
 * The support desk's demo data (issue 5): cases of anna's, paul's and nina's accounts, the
 * service catalogue, the support portals, account contacts and paul's customer accounts.
 * Needs the demo accounts and users; does nothing once the portals exist, so it also fills in
 * a database seeded before the desk existed.
 */
export async function seedSupportDesk(db: Db, now: Date): Promise<void> {
  await seedOnce(db, 727276, isSeeded, (tx) => seedRows(tx, now));
}
