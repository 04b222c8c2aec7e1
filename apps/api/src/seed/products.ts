import type { Queryable } from '../db/db.js';

// §3 Product: productName, slug, contentId. Slugs are the path segments §1 maps to titles.
// The description is the My Solutions tile's one line (issue 37).
export const demoProducts = [
  {
    id: 'p-erp',
    productName: 'ERP',
    slug: 'erp',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01',
    description:
      'Finance, projects, procurement and inventory in one system for service companies.',
  },
  {
    id: 'p-erpx',
    productName: 'ERPx',
    slug: 'erpx',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e02',
    description: 'The cloud-native ERP suite, updated continuously and extended without code.',
  },
  {
    id: 'p-financials',
    productName: 'Financials',
    slug: 'financials',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e03',
    description: 'General ledger, payables, receivables and close for mid-sized organisations.',
  },
  {
    id: 'p-fpa',
    productName: 'FP&A',
    slug: 'fpa',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e04',
    description: 'Budgeting, forecasting and financial reporting with driver-based planning.',
  },
  {
    id: 'p-te',
    productName: 'T&E',
    slug: 'te',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e05',
    description: 'Time sheets, travel and expense claims from any device, approved on the go.',
  },
  {
    id: 'p-talent-management',
    productName: 'Talent Management',
    slug: 'talent-management',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e06',
    description:
      'Recruiting, onboarding, performance reviews and learning for your whole workforce.',
  },
] as const;

export type DemoProductId = (typeof demoProducts)[number]['id'];

export async function seedProducts(tx: Queryable): Promise<void> {
  for (const p of demoProducts) {
    await tx.query(
      'insert into products (id, product_name, slug, content_id, description) values ($1, $2, $3, $4, $5)',
      [p.id, p.productName, p.slug, p.contentId, p.description],
    );
  }
}
