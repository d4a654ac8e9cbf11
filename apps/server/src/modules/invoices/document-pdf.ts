import { createRequire } from 'node:module';
import { centsToDollars, formatUsd } from '@voltforge/contract/money';

/**
 * The shop's accounting documents (invoices, credit notes) as PDF, with pdfkit: pure JavaScript,
 * text selectable, and the DejaVu fonts shipped with the dependencies (nothing is downloaded,
 * and any name or address prints, accents and all). Laid out to fit both A4 and US Letter: the
 * page is A4 wide and the content stays inside Letter's height.
 */

/** What a document says, in the order it says it. */
export interface PdfDocumentModel {
  /** "Invoice", "Credit note". */
  title: string;
  number: string;
  /**
   * When it was issued (ISO 8601): the PDF's creation date, so the same document always renders
   * to the same bytes, whichever instance renders it.
   */
  issuedAt: string;
  /** [label, value] beside the title: dates, the order, the invoice a credit note refers to. */
  facts: Array<[string, string]>;
  seller: { name: string; addressLines: string[]; taxId: string | null };
  buyer: {
    name: string;
    company: string | null;
    address: string;
    email: string;
    phone: string;
    taxId: string | null;
  };
  lines: Array<{
    partNumber: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
  }>;
  /** [label, cents] under the lines; the last one is printed bold (the total). */
  totals: Array<[string, number]>;
  /** Paragraphs at the end (how it was paid or refunded, notes). */
  notes: string[];
}

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MARGIN = 50;
const PAGE_WIDTH = 595.28; // A4
const LETTER_HEIGHT = 792; // the shorter of A4 and Letter
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = LETTER_HEIGHT - MARGIN;

/** Columns of the lines table: x offset and width. */
const COLUMNS = {
  part: { x: MARGIN, width: 90 },
  name: { x: MARGIN + 95, width: 190 },
  quantity: { x: MARGIN + 290, width: 45 },
  unit: { x: MARGIN + 340, width: 75 },
  amount: { x: MARGIN + 420, width: CONTENT_WIDTH - 420 },
} as const;

const money = (cents: number) => formatUsd(centsToDollars(cents));

/** Renders the document; resolves with the PDF's bytes. */
export async function renderDocumentPdf(model: PdfDocumentModel): Promise<Buffer> {
  // Loaded on first use: most requests never make a PDF, and start-up should not pay for it.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, 841.89],
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: {
      Title: `${model.title} ${model.number}`,
      Author: model.seller.name,
      Subject: `${model.title} ${model.number}`,
      CreationDate: new Date(model.issuedAt),
    },
    compress: true,
    autoFirstPage: true,
    bufferPages: true,
  });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Seller (left) and the document's title and facts (right).
  doc.font('bold').fontSize(14).text(model.seller.name, MARGIN, MARGIN, { width: 260 });
  doc.font('regular').fontSize(9);
  for (const line of model.seller.addressLines) doc.text(line, { width: 260 });
  if (model.seller.taxId) doc.text(`VAT / tax id: ${model.seller.taxId}`, { width: 260 });
  const sellerBottom = doc.y;

  doc
    .font('bold')
    .fontSize(20)
    .text(model.title.toUpperCase(), MARGIN + 270, MARGIN, {
      width: CONTENT_WIDTH - 270,
      align: 'right',
    });
  doc.font('regular').fontSize(9);
  const facts: Array<[string, string]> = [['Number', model.number], ...model.facts];
  for (const [label, value] of facts) {
    doc.text(`${label}: ${value}`, MARGIN + 270, doc.y, {
      width: CONTENT_WIDTH - 270,
      align: 'right',
    });
  }
  let y = Math.max(sellerBottom, doc.y) + 24;

  // The buyer.
  doc.font('bold').fontSize(10).text('Bill to', MARGIN, y);
  doc.font('regular').fontSize(9);
  const buyer = model.buyer;
  const buyerLines = [
    buyer.company,
    buyer.name,
    ...buyer.address.split(/\r?\n/),
    buyer.email,
    buyer.phone,
    buyer.taxId ? `VAT / tax id: ${buyer.taxId}` : null,
  ].filter((l): l is string => Boolean(l && l.trim()));
  for (const line of buyerLines) doc.text(line, MARGIN, doc.y, { width: 300 });
  y = doc.y + 20;

  // The lines, with the header repeated on every page.
  const header = () => {
    doc.font('bold').fontSize(9);
    doc.text('Part number', COLUMNS.part.x, y, { width: COLUMNS.part.width });
    doc.text('Description', COLUMNS.name.x, y, { width: COLUMNS.name.width });
    doc.text('Qty', COLUMNS.quantity.x, y, { width: COLUMNS.quantity.width, align: 'right' });
    doc.text('Unit price', COLUMNS.unit.x, y, { width: COLUMNS.unit.width, align: 'right' });
    doc.text('Amount', COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    y += 14;
    doc
      .moveTo(MARGIN, y - 3)
      .lineTo(MARGIN + CONTENT_WIDTH, y - 3)
      .lineWidth(0.5)
      .stroke('#444444');
    doc.font('regular').fontSize(9);
  };
  header();
  for (const line of model.lines) {
    const height = Math.max(
      doc.heightOfString(line.name, { width: COLUMNS.name.width }),
      doc.heightOfString(line.partNumber, { width: COLUMNS.part.width }),
    );
    if (y + height > BOTTOM - 20) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    doc.text(line.partNumber, COLUMNS.part.x, y, { width: COLUMNS.part.width });
    doc.text(line.name, COLUMNS.name.x, y, { width: COLUMNS.name.width });
    doc.text(line.quantity.toLocaleString('en-US'), COLUMNS.quantity.x, y, {
      width: COLUMNS.quantity.width,
      align: 'right',
    });
    doc.text(money(line.unitPriceCents), COLUMNS.unit.x, y, {
      width: COLUMNS.unit.width,
      align: 'right',
    });
    doc.text(money(line.totalCents), COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
    });
    y += height + 6;
  }

  // The totals, right-aligned under the amounts.
  if (y + 20 * model.totals.length + 30 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc
    .moveTo(COLUMNS.unit.x - 60, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .stroke('#444444');
  y += 6;
  model.totals.forEach(([label, cents], i) => {
    const last = i === model.totals.length - 1;
    doc.font(last ? 'bold' : 'regular').fontSize(last ? 11 : 9);
    doc.text(label, COLUMNS.unit.x - 120, y, { width: 175, align: 'right' });
    doc.text(money(cents), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    y += last ? 18 : 14;
  });

  // Notes.
  y += 12;
  doc.font('regular').fontSize(9);
  for (const note of model.notes) {
    if (y + doc.heightOfString(note, { width: CONTENT_WIDTH }) > BOTTOM) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(note, MARGIN, y, { width: CONTENT_WIDTH });
    y = doc.y + 6;
  }

  // "Page n of N" on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    doc
      .font('regular')
      .fontSize(8)
      .text(
        `${model.title} ${model.number} · page ${i - range.start + 1} of ${range.count}`,
        MARGIN,
        BOTTOM + 12,
        { width: CONTENT_WIDTH, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
