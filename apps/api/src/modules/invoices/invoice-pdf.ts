import { intlLocale, type LabelLanguage } from '@portico/locales';
import PDFDocument from 'pdfkit';
import { formatDay, formatFigure } from '../../lib/i18n/format.js';
import type { Translate } from '../../lib/i18n/translate.js';
import { formatMoney } from './money.js';

export interface InvoiceDocument {
  number: string;
  date: string;
  dueDate: string;
  paidOn: string | null;
  status: string;
  currency: string;
  net: string;
  vat: string;
  amount: string;
  customer: {
    name: string;
    customerId: string | null;
    addressLines: readonly string[];
    vatNumber: string | null;
  };
  lines: readonly { description: string; quantity: string; unitPrice: string; amount: string }[];
}

/** The vendor as printed in every invoice's letterhead. */
const VENDOR = {
  name: 'Portico Software B.V.',
  // The last line is the country, printed in the reader's language.
  address: ['Stationsplein 45', '3511 ED Utrecht', 'NL'],
  vat: 'NL 8612.44.901.B01',
  bank: 'IBAN NL91 ABNA 0417 1643 00 · BIC ABNANL2A',
};

/** Characters Windows-1252 (the standard PDF fonts' WinAnsi) has above Latin-1's range. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * A text the standard Helvetica can show: a letter WinAnsi lacks (Polish ł, ą, ś …) loses its
 * accent rather than printing as a wrong glyph (ADR 0051; embedding a font is the way to keep
 * it, which would also change how the text is stored).
 */
export function winAnsi(text: string): string {
  return text.replace(/[^\t\n\r\u0020-\u00ff]/gu, (c) => {
    if (WIN_ANSI_EXTRA.has(c)) return c;
    if (c === '\u0142') return 'l';
    if (c === '\u0141') return 'L';
    if (c === '\u202f') return '\u00a0';
    const base = c.normalize('NFD').replace(/\p{M}/gu, '');
    return base.length > 0 && base.charCodeAt(0) <= 0xff ? base : '?';
  });
}

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4

/**
 * One invoice as a PDF (issue 14), in the reader's language (issue 27): letterhead, the account's billing address, number, dates,
 * status, the invoice lines, net, VAT and total. Built on the server with PDFKit and the
 * standard Helvetica fonts (nothing to embed, text stays selectable and searchable).
 */
export async function invoicePdf(
  invoice: InvoiceDocument,
  language: LabelLanguage,
  translate: Translate,
): Promise<Buffer> {
  const t: Translate = (key, values) => winAnsi(translate(key, values));
  const day = (iso: string): string => winAnsi(formatDay(iso, language));
  const country = new Intl.DisplayNames([intlLocale(language), 'en'], {
    type: 'region',
  });
  const vendorAddress = [...VENDOR.address.slice(0, -1), winAnsi(country.of('NL') ?? 'NL')];
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: language,
    info: {
      Title: t('invoice-pdf.document-title', { number: invoice.number }),
      Author: VENDOR.name,
      Subject: invoice.customer.name,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const money = (value: string): string => winAnsi(formatMoney(value, invoice.currency, language));

  doc.font('Helvetica-Bold').fontSize(18).text(VENDOR.name, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  for (const line of [...vendorAddress, t('invoice-pdf.vat-number', { number: VENDOR.vat })])
    doc.text(line);
  doc.fillColor('#000000');

  doc.font('Helvetica-Bold').fontSize(22).text(t('invoice-pdf.title'), MARGIN, 150);
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    [t('invoices.column.number'), invoice.number],
    [t('invoice-pdf.date'), day(invoice.date)],
    [t('invoices.column.dueDate'), day(invoice.dueDate)],
    [
      t('invoices.column.status'),
      invoice.paidOn
        ? t('invoice-pdf.paid-on', { status: invoice.status, date: day(invoice.paidOn) })
        : winAnsi(invoice.status),
    ],
  ];
  let y = 185;
  for (const [label, value] of facts) {
    doc.font('Helvetica').text(label, MARGIN, y, { width: 100 });
    doc.font('Helvetica-Bold').text(value, MARGIN + 100, y, { width: 160 });
    y += 15;
  }

  doc.font('Helvetica-Bold').text(t('invoice-pdf.bill-to'), MARGIN + 300, 185);
  doc.font('Helvetica').text(invoice.customer.name, MARGIN + 300, 200, { width: 195 });
  for (const line of invoice.customer.addressLines) doc.text(line, { width: 195 });
  if (invoice.customer.vatNumber)
    doc.text(t('invoice-pdf.vat-number', { number: invoice.customer.vatNumber }), { width: 195 });
  if (invoice.customer.customerId)
    doc.text(t('invoice-pdf.customer', { id: invoice.customer.customerId }), { width: 195 });

  // The lines: description, quantity, unit price, amount.
  const columns = [
    { title: t('invoice-pdf.description'), x: MARGIN, width: 245, align: 'left' as const },
    { title: t('invoice-pdf.quantity'), x: MARGIN + 250, width: 55, align: 'right' as const },
    { title: t('invoice-pdf.unit-price'), x: MARGIN + 310, width: 90, align: 'right' as const },
    { title: t('invoices.column.amount'), x: MARGIN + 405, width: 90, align: 'right' as const },
  ];
  y = 300;
  doc.font('Helvetica-Bold');
  for (const column of columns)
    doc.text(column.title, column.x, y, { width: column.width, align: column.align });
  y += 16;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke();
  y += 6;
  doc.font('Helvetica');
  for (const line of invoice.lines) {
    const cells = [
      line.description,
      winAnsi(formatFigure(Number(line.quantity), language)),
      money(line.unitPrice),
      money(line.amount),
    ];
    const height = doc.heightOfString(line.description, { width: columns[0]?.width ?? 245 });
    if (y + height > 760) {
      doc.addPage();
      y = MARGIN;
    }
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (column) doc.text(cell, column.x, y, { width: column.width, align: column.align });
    });
    y += Math.max(height, 12) + 6;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke();
  y += 10;
  const totals: [string, string, boolean][] = [
    [t('invoice-pdf.net'), money(invoice.net), false],
    [t('invoice-pdf.vat'), money(invoice.vat), false],
    [t('invoice-pdf.total'), money(invoice.amount), true],
  ];
  for (const [label, value, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, MARGIN + 250, y, { width: 150, align: 'right' });
    doc.text(value, MARGIN + 405, y, { width: 90, align: 'right' });
    y += 16;
  }

  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(
    `${t('invoice-pdf.pay', { amount: money(invoice.amount), date: day(invoice.dueDate), number: invoice.number })} ${VENDOR.bank}`,
    MARGIN,
    Math.max(y + 30, 700),
    { width: WIDTH },
  );
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
