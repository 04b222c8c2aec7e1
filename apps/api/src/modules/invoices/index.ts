// modules/invoices (issue 14): the account's invoices, their PDF and the list as a workbook.
import { invoicesRoutes } from './invoices.routes.js';

/** /api/invoices*. */
export const invoicesModule = invoicesRoutes;

// Bulk insert of invoices for the demo seed (src/seed), which has no caller to check.
export { insertInvoices, type NewInvoice } from './invoices.repository.js';
