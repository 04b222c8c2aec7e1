import type { SearchHitSource } from '@portico/contracts';
import { demoProducts } from '../src/seed/products.js';

/**
 * Known answers of the search (issue 38): 50 queries over the demo seed, as anna (Northwind;
 * ERP, Financials and FP&A), each with the title expected among the top 3 hits of its source.
 * Written from the seeded content (db/seed); some are misspelt on purpose (the hits are then
 * those of the correction). `npm run bench:search` prints the share found; the test
 * search-known-answers.test.ts keeps it at 90 % or more on the seed alone.
 */
export interface KnownAnswer {
  query: string;
  /** A product's contentId for the product sources. */
  productId?: string;
  source: SearchHitSource;
  title: string;
}

const erp = demoProducts[0].contentId;
const fin = demoProducts[2].contentId;

export const knownAnswers: readonly KnownAnswer[] = [
  // General news.
  {
    query: 'grant fund accounting',
    source: 'news',
    title: 'ERP 11.6 release brings grant and fund accounting',
  },
  {
    query: 'Fjordline supplier invoices',
    source: 'news',
    title: 'Fjordline Ferries automated most of its supplier invoices with ERPx',
  },
  {
    query: 'Amsterdam cloud region',
    source: 'news',
    title: 'Portico opens a new cloud region in Amsterdam',
  },
  {
    query: 'Toronto infrastructure upgrade',
    source: 'news',
    title: 'Toronto cloud region: infrastructure upgrade on Saturday night',
  },
  {
    query: 'Bluepeak Consulting',
    source: 'news',
    title: 'Bluepeak Consulting joins the Portico partner network',
  },
  {
    query: 'Marlow Foundation mobile expenses',
    source: 'news',
    title:
      'Customer story: how the Marlow Foundation moved three thousand employees to mobile expenses',
  },
  {
    query: 'Silverbirch spreadsheets',
    source: 'news',
    title: 'Customer story: how Silverbirch Care replaced twelve spreadsheets with one plan',
  },
  {
    query: 'succession planning',
    source: 'news',
    title: 'Talent Management 12.6 release brings succession planning',
  },
  {
    query: 'receipt scanning',
    source: 'news',
    title: 'T&E 13.4 release brings receipt scanning on every phone',
  },
  {
    query: 'corporate card feeds',
    source: 'news',
    title: 'Coming soon to T&E: corporate card feeds',
  },
  {
    query: 'Helix Systems certified partner',
    source: 'news',
    title: 'Helix Systems becomes a certified Portico partner',
  },
  {
    query: 'security advisory data export',
    source: 'news',
    title: 'Security advisory: the data export tool 12.0',
  },
  {
    query: 'document archive security update',
    source: 'news',
    title: 'Security update 11.5 for the document archive',
  },
  {
    query: 'Greystone Analytics',
    source: 'news',
    title: 'Greystone Analytics joins the Portico partner network',
  },
  {
    query: 'Harbourview audits',
    source: 'news',
    title: 'Harbourview University halved the time it spends preparing audits with ERP',
  },
  {
    query: 'Alder Health ledger',
    source: 'news',
    title: 'Alder Health Trust brought twelve entities onto one ledger with Financials',
  },
  {
    query: 'driver-based forecasting',
    source: 'news',
    title: 'FP&A 12.1 is here, with driver-based forecasting',
  },
  {
    query: 'cash positioning roadmap',
    source: 'news',
    title: 'Financials roadmap update: real-time cash positioning and more',
  },
  {
    query: 'Frankfurt maintenance',
    source: 'news',
    title: 'Planned maintenance of the Frankfurt cloud environment on Saturday night',
  },
  {
    query: 'public-sector financials analysts',
    source: 'news',
    title: 'Analysts rank Portico among the leaders in public-sector financials',
  },
  // Misspelt words: the correction's hits.
  {
    query: 'Fjordlin Feries',
    source: 'news',
    title: 'Fjordline Ferries automated most of its supplier invoices with ERPx',
  },
  {
    query: 'sucession planing',
    source: 'news',
    title: 'Talent Management 12.6 release brings succession planning',
  },
  {
    query: 'Stokholm data centre',
    source: 'news',
    title: 'New Stockholm data centre expands the Portico cloud',
  },
  {
    query: 'Greystone Analitics',
    source: 'news',
    title: 'Greystone Analytics joins the Portico partner network',
  },
  {
    query: 'corporate card feds',
    source: 'news',
    title: 'Coming soon to T&E: corporate card feeds',
  },
  // Product documentation (the product's documents).
  {
    query: 'currency revaluation procurement',
    productId: erp,
    source: 'productDocumentation',
    title: 'Approving procurement: currency revaluation',
  },
  {
    query: 'securing payroll timesheets',
    productId: erp,
    source: 'productDocumentation',
    title: 'Securing payroll: timesheets',
  },
  {
    query: 'troubleshooting credit notes asset management',
    productId: erp,
    source: 'productDocumentation',
    title: 'Troubleshooting asset management: credit notes',
  },
  {
    query: 'migrating human resources',
    productId: erp,
    source: 'productDocumentation',
    title: 'Migrating human resources: user roles',
  },
  {
    query: 'configuring workflow vendor invoices',
    productId: erp,
    source: 'productDocumentation',
    title: 'Configuring workflow: vendor invoices',
  },
  {
    query: 'reporting on payroll data imports',
    productId: erp,
    source: 'productDocumentation',
    title: 'Reporting on payroll: data imports',
  },
  {
    query: 'reconcilng general ledger purchase orders',
    productId: erp,
    source: 'productDocumentation',
    title: 'Reconciling general ledger: purchase orders',
  },
  // Product downloads and product news.
  {
    query: 'client tools',
    productId: erp,
    source: 'productSoftwareDownloads',
    title: 'ERP client tools',
  },
  {
    query: 'integration toolkit',
    productId: fin,
    source: 'productSoftwareDownloads',
    title: 'Financials integration toolkit',
  },
  {
    query: 'release package',
    productId: fin,
    source: 'productSoftwareDownloads',
    title: 'Financials 2026.2 release package',
  },
  {
    query: 'intgration toolkt',
    productId: erp,
    source: 'productSoftwareDownloads',
    title: 'ERP integration toolkit',
  },
  // Knowledge articles (shared and Northwind's own).
  {
    query: 'invoice matching tolerance',
    source: 'knowledgeArticles',
    title: 'Invoice matching fails with tolerance error',
  },
  {
    query: 'password reset',
    source: 'knowledgeArticles',
    title: 'Password reset e-mail does not arrive',
  },
  {
    query: 'report export rows',
    source: 'knowledgeArticles',
    title: 'Report export stops at 65 000 rows',
  },
  {
    query: 'logistics logo',
    source: 'knowledgeArticles',
    title: 'Northwind: invoice layout with the logistics logo',
  },
  {
    query: 'timesheet submitted',
    source: 'knowledgeArticles',
    title: 'Timesheet cannot be submitted',
  },
  {
    query: 'pasword reset',
    source: 'knowledgeArticles',
    title: 'Password reset e-mail does not arrive',
  },
  // Northwind's cases.
  {
    query: 'invoice run ledgers',
    source: 'cases',
    title: 'Invoice run fails for "EUR, NOK" ledgers',
  },
  { query: 'warehouse user sign in', source: 'cases', title: 'New warehouse user cannot sign in' },
  {
    query: 'duplicate supplier records',
    source: 'cases',
    title: 'Duplicate supplier records after import',
  },
  { query: 'sandbox refresh', source: 'cases', title: 'Request for a sandbox refresh' },
  { query: 'warehose user', source: 'cases', title: 'New warehouse user cannot sign in' },
  // The service catalogue.
  { query: 'test environment', source: 'serviceCatalog', title: 'New test environment' },
  { query: 'training session', source: 'serviceCatalog', title: 'Training session' },
  { query: 'change user roles', source: 'serviceCatalog', title: 'Change user roles' },
];
