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
  'invoice-pdf.total': 'Total due',
  'invoice-pdf.pay': 'Please pay {amount} by {date}, quoting {number}.',
  'invoice-xlsx.currency': 'Currency',
  'invoice-xlsx.title': 'Invoices of {account}',
});
