import { intlLocale, type LabelLanguage } from '@portico/locales';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatDay, formatFigure, formatMonth } from '../../lib/i18n/format.js';
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
  /** The VAT rate in per cent (25, 8.1). */
  vatPercent: number;
  amount: string;
  customer: {
    name: string;
    customerId: string | null;
    /** Street and city lines; the country follows as a code. */
    addressLines: readonly string[];
    /** ISO 3166 alpha-2, named in the reader's language; older free text prints as it is. */
    country: string | null;
    vatNumber: string | null;
  };
  lines: readonly {
    /** The English text, printed when the line has no item code. */
    description: string;
    /** `invoice-item.<code>` names the item in the reader's language. */
    itemCode: string | null;
    /** The month (yyyy-mm-dd) a line covers, named in the reader's language. */
    period: string | null;
    quantity: string;
    unitPrice: string;
    amount: string;
  }[];
}

/** A country code in the reader's language ("NO" → "Norwegen"); other text as it is. */
const countryName = (country: Intl.DisplayNames, value: string): string =>
  /^[A-Z]{2}$/.test(value) ? (country.of(value) ?? value) : value;

/** A line's text in the reader's language: the item's name, then its month. */
function lineText(
  line: InvoiceDocument['lines'][number],
  language: LabelLanguage,
  t: Translate,
): string {
  if (line.itemCode === null) return line.description;
  const item = t(`invoice-item.${line.itemCode}`);
  // An item code without a text (a new one, not yet named) prints the stored description.
  if (item === `invoice-item.${line.itemCode}`) return line.description;
  return line.period === null
    ? item
    : t('invoice-pdf.line', { item, month: formatMonth(line.period.slice(0, 7), language) });
}

/** The vendor as printed in every invoice's letterhead. */
const VENDOR = {
  name: 'Portico Software B.V.',
  // The last line is the country, printed in the reader's language.
  address: ['Stationsplein 45', '3511 ED Utrecht', 'NL'],
  vat: 'NL 8612.44.901.B01',
  bank: 'IBAN NL91 ABNA 0417 1643 00 · BIC ABNANL2A',
};

/**
 * DejaVu Sans (package `dejavu-fonts-ttf`, Bitstream Vera licence plus public domain: free to
 * bundle and embed). It covers Latin Extended (Polish ą ę ł ś ż), the narrow no-break space
 * French and Norwegian group digits with, Greek and Cyrillic: every letter of the nine
 * languages (ADR 0051 addendum). PDFKit embeds only the glyphs used, with a ToUnicode map, so
 * the text stays selectable and searchable. Resolved from the installed package like every
 * other runtime dependency of the bundled API (it is external to the bundle).
 */
const require = createRequire(import.meta.url);
const FONTS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
/** Read once; PDFKit parses the bytes per document (a subset of its own each time). */
let fontBytes: Promise<{ regular: Buffer; bold: Buffer }> | undefined;
const loadFonts = () =>
  (fontBytes ??= Promise.all([readFile(FONTS.regular), readFile(FONTS.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
  ));

const REGULAR = 'Sans';
const BOLD = 'Sans-Bold';

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4
/** Amounts: room for "9 999 999,99 NOK" in bold DejaVu, which is wider than Helvetica. */
const AMOUNT_WIDTH = 115;
const AMOUNT_X = MARGIN + WIDTH - AMOUNT_WIDTH;

/**
 * One invoice as a PDF (issue 14), in the reader's language (issue 27): letterhead, the account's billing address, number, dates,
 * status, the invoice lines, net, VAT and total. Built on the server with PDFKit in the
 * embedded DejaVu Sans, so every letter of the reader's language prints as written.
 */
export async function invoicePdf(
  invoice: InvoiceDocument,
  language: LabelLanguage,
  translate: Translate,
): Promise<Buffer> {
  const t = translate;
  const day = (iso: string): string => formatDay(iso, language);
  const fonts = await loadFonts();
  const country = new Intl.DisplayNames([intlLocale(language), 'en'], {
    type: 'region',
  });
  const vendorAddress = [...VENDOR.address.slice(0, -1), countryName(country, 'NL')];
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
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const money = (value: string): string => formatMoney(value, invoice.currency, language);

  doc.font(BOLD).fontSize(18).text(VENDOR.name, MARGIN, MARGIN);
  doc.font(REGULAR).fontSize(9).fillColor('#444444');
  for (const line of [...vendorAddress, t('invoice-pdf.vat-number', { number: VENDOR.vat })])
    doc.text(line);
  doc.fillColor('#000000');

  doc.font(BOLD).fontSize(22).text(t('invoice-pdf.title'), MARGIN, 150);
  doc.font(REGULAR).fontSize(10);
  const facts: [string, string][] = [
    [t('invoices.column.number'), invoice.number],
    [t('invoice-pdf.date'), day(invoice.date)],
    [t('invoices.column.dueDate'), day(invoice.dueDate)],
    [
      t('invoices.column.status'),
      invoice.paidOn
        ? t('invoice-pdf.paid-on', { status: invoice.status, date: day(invoice.paidOn) })
        : invoice.status,
    ],
  ];
  let y = 185;
  for (const [label, value] of facts) {
    doc.font(REGULAR).text(label, MARGIN, y, { width: 100 });
    doc.font(BOLD).text(value, MARGIN + 100, y, { width: 160 });
    y += 15;
  }

  doc.font(BOLD).text(t('invoice-pdf.bill-to'), MARGIN + 300, 185);
  doc.font(REGULAR).text(invoice.customer.name, MARGIN + 300, 200, { width: 195 });
  for (const line of invoice.customer.addressLines) doc.text(line, { width: 195 });
  if (invoice.customer.country)
    doc.text(countryName(country, invoice.customer.country), { width: 195 });
  if (invoice.customer.vatNumber)
    doc.text(t('invoice-pdf.vat-number', { number: invoice.customer.vatNumber }), { width: 195 });
  if (invoice.customer.customerId)
    doc.text(t('invoice-pdf.customer', { id: invoice.customer.customerId }), { width: 195 });

  // The lines: description, quantity, unit price, amount.
  const columns = [
    { title: t('invoice-pdf.description'), x: MARGIN, width: 205, align: 'left' as const },
    { title: t('invoice-pdf.quantity'), x: MARGIN + 210, width: 50, align: 'right' as const },
    {
      title: t('invoice-pdf.unit-price'),
      x: MARGIN + 265,
      width: AMOUNT_WIDTH,
      align: 'right' as const,
    },
    {
      title: t('invoices.column.amount'),
      x: AMOUNT_X,
      width: AMOUNT_WIDTH,
      align: 'right' as const,
    },
  ];
  y = 300;
  doc.font(BOLD);
  for (const column of columns)
    doc.text(column.title, column.x, y, { width: column.width, align: column.align });
  // A long title in some language takes two lines; the rule goes under the tallest.
  y += Math.max(16, ...columns.map((c) => doc.heightOfString(c.title, { width: c.width }) + 4));
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke();
  y += 6;
  doc.font(REGULAR);
  for (const line of invoice.lines) {
    const text = lineText(line, language, t);
    const cells = [
      text,
      formatFigure(Number(line.quantity), language),
      money(line.unitPrice),
      money(line.amount),
    ];
    const height = doc.heightOfString(text, { width: columns[0]?.width ?? 205 });
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
    [
      t('invoice-pdf.vat-rate', {
        vat: t('invoice-pdf.vat'),
        rate: new Intl.NumberFormat(intlLocale(language), {
          style: 'percent',
          maximumFractionDigits: 2,
        }).format(invoice.vatPercent / 100),
      }),
      money(invoice.vat),
      false,
    ],
    [t('invoice-pdf.total'), money(invoice.amount), true],
  ];
  for (const [label, value, bold] of totals) {
    doc.font(bold ? BOLD : REGULAR);
    doc.text(label, MARGIN + 200, y, { width: 175, align: 'right' });
    doc.text(value, AMOUNT_X, y, { width: AMOUNT_WIDTH, align: 'right' });
    y += 16;
  }

  doc.font(REGULAR).fontSize(9).fillColor('#444444');
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
