import { defineTexts } from '../../lib/i18n/define-texts.js';

/**
 * The invoice PDF and the invoices workbook (issue 27): in the caller's profile language. The
 * column and status names are the invoices page's web labels (`invoices.column.*`,
 * `invoices.status.*`), translated once for both.
 */
export const invoicesTexts = defineTexts({
  'invoice-pdf.title': 'Invoice',
  'invoice-pdf.document-title': 'Invoice {number}',
  'invoice-pdf.date': 'Invoice date',
  'invoice-pdf.paid-on': '{status} ({date})',
  'invoice-pdf.bill-to': 'Bill to',
  'invoice-pdf.vat-number': 'VAT {number}',
  'invoice-pdf.customer': 'Customer {id}',
  'invoice-pdf.description': 'Description',
  'invoice-pdf.quantity': 'Quantity',
  'invoice-pdf.unit-price': 'Unit price',
  'invoice-pdf.net': 'Net amount',
  'invoice-pdf.vat': 'VAT',
  /** The VAT line of the totals with its rate: "VAT 25 %" (issue 37). */
  'invoice-pdf.vat-rate': '{vat} {rate}',
  /** An invoice line: the item, then the month it covers. */
  'invoice-pdf.line': '{item}, {month}',
  'invoice-item.erp-cloud': 'ERP cloud subscription',
  'invoice-item.financials-cloud': 'Financials cloud subscription',
  'invoice-item.fpa-cloud': 'FP&A cloud subscription',
  'invoice-item.named-users': 'Additional named users',
  'invoice-item.erpx-partner-demo': 'ERPx partner demo subscription',
  'invoice-item.sandbox-storage': 'Partner sandbox storage (GB)',
  'invoice-item.erp-professional': 'ERP subscription, professional',
  'invoice-item.housing-module': 'Housing management module',
  'invoice-item.consulting': 'Implementation consulting',
  'invoice-pdf.total': 'Total due',
  'invoice-pdf.pay': 'Please pay {amount} by {date}, quoting {number}.',
  'invoice-xlsx.currency': 'Currency',
  'invoice-xlsx.title': 'Invoices of {account}',
});
