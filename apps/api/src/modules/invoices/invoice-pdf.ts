import PDFDocument from 'pdfkit';
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
  address: ['Stationsplein 45', '3511 ED Utrecht', 'The Netherlands'],
  vat: 'VAT NL 8612.44.901.B01',
  bank: 'IBAN NL91 ABNA 0417 1643 00 · BIC ABNANL2A',
};

const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN; // A4

/**
 * One invoice as a PDF (issue 14): letterhead, the account's billing address, number, dates,
 * status, the invoice lines, net, VAT and total. Built on the server with PDFKit and the
 * standard Helvetica fonts (nothing to embed, text stays selectable and searchable).
 */
export async function invoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: {
      Title: `Invoice ${invoice.number}`,
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
  const money = (value: string): string => formatMoney(value, invoice.currency);

  doc.font('Helvetica-Bold').fontSize(18).text(VENDOR.name, MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  for (const line of [...VENDOR.address, VENDOR.vat]) doc.text(line);
  doc.fillColor('#000000');

  doc.font('Helvetica-Bold').fontSize(22).text('Invoice', MARGIN, 150);
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Invoice date', invoice.date],
    ['Due date', invoice.dueDate],
    ['Status', invoice.paidOn ? `${invoice.status} (${invoice.paidOn})` : invoice.status],
  ];
  let y = 185;
  for (const [label, value] of facts) {
    doc.font('Helvetica').text(label, MARGIN, y, { width: 100 });
    doc.font('Helvetica-Bold').text(value, MARGIN + 100, y, { width: 160 });
    y += 15;
  }

  doc.font('Helvetica-Bold').text('Bill to', MARGIN + 300, 185);
  doc.font('Helvetica').text(invoice.customer.name, MARGIN + 300, 200, { width: 195 });
  for (const line of invoice.customer.addressLines) doc.text(line, { width: 195 });
  if (invoice.customer.vatNumber) doc.text(`VAT ${invoice.customer.vatNumber}`, { width: 195 });
  if (invoice.customer.customerId)
    doc.text(`Customer ${invoice.customer.customerId}`, { width: 195 });

  // The lines: description, quantity, unit price, amount.
  const columns = [
    { title: 'Description', x: MARGIN, width: 245, align: 'left' as const },
    { title: 'Quantity', x: MARGIN + 250, width: 55, align: 'right' as const },
    { title: 'Unit price', x: MARGIN + 310, width: 90, align: 'right' as const },
    { title: 'Amount', x: MARGIN + 405, width: 90, align: 'right' as const },
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
      line.quantity.replace(/\.00$/, ''),
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
    ['Net amount', money(invoice.net), false],
    ['VAT', money(invoice.vat), false],
    ['Total due', money(invoice.amount), true],
  ];
  for (const [label, value, bold] of totals) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, MARGIN + 250, y, { width: 150, align: 'right' });
    doc.text(value, MARGIN + 405, y, { width: 90, align: 'right' });
    y += 16;
  }

  doc.font('Helvetica').fontSize(9).fillColor('#444444');
  doc.text(
    `Please pay ${money(invoice.amount)} by ${invoice.dueDate}, quoting ${invoice.number}. ${VENDOR.bank}`,
    MARGIN,
    Math.max(y + 30, 700),
    { width: WIDTH },
  );
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
