import type { Queryable } from '../db/db.js';

// §3 Product: productName, slug, contentId. Slugs are the path segments §1 maps to titles.
export const demoProducts = [
  {
    id: 'p-erp',
    productName: 'ERP',
    slug: 'erp',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01',
  },
  {
    id: 'p-erpx',
    productName: 'ERPx',
    slug: 'erpx',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e02',
  },
  {
    id: 'p-financials',
    productName: 'Financials',
    slug: 'financials',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e03',
  },
  {
    id: 'p-fpa',
    productName: 'FP&A',
    slug: 'fpa',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e04',
  },
  { id: 'p-te', productName: 'T&E', slug: 'te', contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e05' },
  {
    id: 'p-talent-management',
    productName: 'Talent Management',
    slug: 'talent-management',
    contentId: '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e06',
  },
] as const;

export type DemoProductId = (typeof demoProducts)[number]['id'];

export async function seedProducts(tx: Queryable): Promise<void> {
  for (const p of demoProducts) {
    await tx.query(
      'insert into products (id, product_name, slug, content_id) values ($1, $2, $3, $4)',
      [p.id, p.productName, p.slug, p.contentId],
    );
  }
}
