import type { Queryable } from '../db/db.js';
import { demoAccounts } from './accounts.js';
import { demoProducts } from './products.js';

// Demo content of the built-in search sources (issue 4, migration 004): product content,
// community posts, knowledge articles and university courses. Support cases and the service
// catalogue (tables shared with the support desk) are seeded by support-desk.ts (issue 5).
// Hand-written and fixed, so counts are the same on every machine. 'report' has results in
// every source for anna (Northwind; ERP, Financials, FP&A), cases and catalogue included;
// 'invoice' and 'cloud' in every source of this file; words such as 'zebra' match nothing.

type Kind = 'documentation' | 'software' | 'news';

/** Per product: [kind, title, body]; `{p}` is the product's name. */
const productTemplates: readonly (readonly [Kind, string, string])[] = [
  [
    'documentation',
    '{p} invoice processing guide',
    'Set up invoice approval, matching and posting in {p}.',
  ],
  [
    'documentation',
    '{p} cloud administration handbook',
    'Manage tenants, backups and access in the {p} cloud.',
  ],
  [
    'documentation',
    '{p} installation and upgrade guide',
    'Prepare servers, run the installer and upgrade {p} safely.',
  ],
  [
    'documentation',
    '{p} reporting reference',
    'Build reports and dashboards on {p} data; export invoice lists.',
  ],
  [
    'documentation',
    '{p} security and roles',
    'Assign roles, audit changes and configure single sign-on for {p}.',
  ],
  [
    'software',
    '{p} 2026.2 release package',
    'Download the cumulative release with invoice fixes and cloud connectors.',
  ],
  [
    'software',
    '{p} client tools',
    'Desktop tools, the report designer and command-line utilities for {p} administrators.',
  ],
  [
    'software',
    '{p} integration toolkit',
    'Connectors and samples for integrating {p} with other systems.',
  ],
  [
    'news',
    '{p} release notes: faster invoice matching',
    'The new release of {p} matches supplier invoices in seconds and adds standard reports.',
  ],
  [
    'news',
    '{p} moves to the cloud region Nordics',
    'Customers of {p} can now choose the Nordic cloud region.',
  ],
  [
    'news',
    '{p} roadmap webinar announced',
    'Join the product team for a preview of what comes next in {p}.',
  ],
];

const communityPosts: readonly (readonly [string, string, string])[] = [
  [
    'How do you handle duplicate invoice numbers?',
    'We see duplicates after importing supplier invoices.',
    'Marta K.',
  ],
  [
    'Invoice approval workflow with two approvers',
    'Sharing our setup for two-step invoice approval.',
    'Thomas B.',
  ],
  [
    'Moving from on-premises to the cloud: lessons learned',
    'Our migration took fourteen weeks; here is what we learned.',
    'Priya S.',
  ],
  [
    'Cloud backup schedule questions',
    'How often are cloud tenants backed up, and can we restore one table?',
    'Lars E.',
  ],
  [
    'Best practices for month-end closing',
    'Checklists and reports we use to close the books faster.',
    'Helen W.',
  ],
  ['Tips for the new timesheet app', 'Shortcuts and settings that saved our team time.', 'Omar F.'],
  [
    'Budget planning with driver-based models',
    'How we model headcount and cost drivers in planning.',
    'Ines D.',
  ],
  ['Expense policy rules for travel', 'Sharing our per-diem and mileage rules.', 'Jakob N.'],
  [
    'Single sign-on with our identity provider',
    'Steps we followed to connect our identity provider.',
    'Sara L.',
  ],
  [
    'E-invoicing mandates across Europe',
    'Which countries require e-invoicing, and when?',
    'Nils P.',
  ],
];

/** [number, account (null = every account), title, body]. */
const knowledgeArticles: readonly (readonly [string, string | null, string, string])[] = [
  [
    'KB0010001',
    null,
    'Invoice matching fails with tolerance error',
    'Raise the price tolerance or correct the purchase order line.',
  ],
  [
    'KB0010002',
    null,
    'Cloud tenant is slow after a large import',
    'Rebuild statistics and schedule imports outside office hours.',
  ],
  [
    'KB0010003',
    null,
    'Password reset e-mail does not arrive',
    'Check spam filters and the configured sender domain.',
  ],
  [
    'KB0010004',
    null,
    'Report export stops at 65 000 rows',
    'Use the spreadsheet export in the newer format.',
  ],
  [
    'KB0010005',
    null,
    'Timesheet cannot be submitted',
    'A closed period blocks submission; reopen it or move the entry.',
  ],
  [
    'KB0010006',
    demoAccounts.northwind.id,
    'Northwind: invoice layout with the logistics logo',
    'Your custom invoice layout and how to change the logo.',
  ],
  [
    'KB0010007',
    demoAccounts.northwind.id,
    'Northwind: cloud integration endpoints',
    'The addresses of your cloud integration endpoints.',
  ],
  [
    'KB0010008',
    demoAccounts.portico.id,
    'Internal: invoice test data refresh',
    'How the vendor refreshes invoice test data in demo tenants.',
  ],
  [
    'KB0010009',
    demoAccounts.brightwater.id,
    'Brightwater: rent ledger setup',
    'How the rent ledger maps to the general ledger.',
  ],
];

/** [title, description, minutes]. */
const universityCourses: readonly (readonly [string, string, number])[] = [
  [
    'Invoice processing essentials',
    'Register, match and approve supplier invoices end to end.',
    90,
  ],
  [
    'Cloud administration fundamentals',
    'Tenants, environments, backups and monitoring in the cloud.',
    120,
  ],
  ['Financial reporting in practice', 'Build the reports finance teams ask for every month.', 60],
  [
    'Planning and budgeting basics',
    'Driver-based planning from first model to approved budget.',
    75,
  ],
  ['Expense management for administrators', 'Policies, approvals and card feeds.', 45],
  ['Security and roles workshop', 'Design roles and audit access.', 60],
  ['Project accounting deep dive', 'Projects, timesheets and revenue recognition.', 150],
  ['Getting started with the customer portal', 'Find news, documentation, cases and courses.', 30],
];

async function isSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('select 1 from university_courses limit 1');
  return rows.length > 0;
}

/** Writes the search demo content once (does nothing when it is already there). */
export async function seedSearch(db: Queryable): Promise<void> {
  if (await isSeeded(db)) return;

  const products = demoProducts.flatMap((p) =>
    productTemplates.map(([kind, title, body]) => ({
      productId: p.id,
      kind,
      title: title.replaceAll('{p}', p.productName),
      body: body.replaceAll('{p}', p.productName),
    })),
  );
  await db.query(
    `insert into product_content (product_id, kind, title, body)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [
      products.map((r) => r.productId),
      products.map((r) => r.kind),
      products.map((r) => r.title),
      products.map((r) => r.body),
    ],
  );
  await db.query(
    `insert into community_posts (title, body, author)
     select * from unnest($1::text[], $2::text[], $3::text[])`,
    [0, 1, 2].map((i) => communityPosts.map((row) => row[i])),
  );
  await db.query(
    `insert into knowledge_articles (number, account_id, title, body)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[])`,
    [0, 1, 2, 3].map((i) => knowledgeArticles.map((row) => row[i])),
  );
  await db.query(
    `insert into university_courses (title, description, duration_minutes)
     select * from unnest($1::text[], $2::text[], $3::int[])`,
    [0, 1, 2].map((i) => universityCourses.map((row) => row[i])),
  );
}
