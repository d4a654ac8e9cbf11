import { createRequire } from 'node:module';
import { openSync, type Font } from 'fontkit';
import { formatCents } from '@voltforge/contract/money';
import { hasRightToLeft, printable, visualLine } from './document-text.ts';

/**
 * The shop's accounting documents (invoices, credit notes) as PDF, with pdfkit: pure JavaScript,
 * text selectable, and the DejaVu fonts shipped with the dependencies (nothing is downloaded,
 * and any name or address prints, accents, Hebrew and Arabic and all; what the fonts lack, such
 * as emoji, prints as a placeholder: document-text.ts). Laid out to fit both A4 and US Letter:
 * the page is A4 wide and the content stays inside Letter's height, every block of it moving on
 * to a new page rather than over the footer.
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
    /** Where the invoice is made out to, when not the delivery address (`address`). */
    billingAddress?: string | null;
  };
  lines: Array<{
    partNumber: string;
    name: string;
    quantity: number;
    unitPriceCents: number;
    totalCents: number;
    /** The buyer's own reference for the part: printed under the description. */
    customerRef?: string | null;
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

let regularFont: Font | undefined;

/** Whether the regular font (whose glyphs the bold one shares) can draw a character. */
function hasGlyph(codePoint: number): boolean {
  regularFont ??= openSync(FONT) as Font;
  return regularFont.hasGlyphForCodePoint(codePoint);
}

/** Every text of the model as the fonts can print it. */
function printableModel(model: PdfDocumentModel): PdfDocumentModel {
  const p = (text: string) => printable(text, hasGlyph);
  const maybe = (text: string | null) => (text === null ? null : p(text));
  return {
    ...model,
    facts: model.facts.map(([label, value]) => [p(label), p(value)]),
    seller: {
      name: p(model.seller.name),
      addressLines: model.seller.addressLines.map(p),
      taxId: maybe(model.seller.taxId),
    },
    buyer: {
      name: p(model.buyer.name),
      company: maybe(model.buyer.company),
      address: p(model.buyer.address),
      email: p(model.buyer.email),
      phone: p(model.buyer.phone),
      taxId: maybe(model.buyer.taxId),
      billingAddress: maybe(model.buyer.billingAddress ?? null),
    },
    lines: model.lines.map((l) => ({
      ...l,
      partNumber: p(l.partNumber),
      name: p(l.customerRef ? `${l.name}\nYour ref: ${l.customerRef}` : l.name),
    })),
    notes: model.notes.map(p),
  };
}

type Align = 'left' | 'right' | 'center';

/** Renders the document; resolves with the PDF's bytes. */
export async function renderDocumentPdf(given: PdfDocumentModel): Promise<Buffer> {
  const model = printableModel(given);
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

  /**
   * A right-to-left paragraph's lines, broken to the width in reading order (pdfkit would break
   * the reordered line, putting its end first).
   */
  const rightToLeftLines = (text: string, width: number): string[] => {
    const lines: string[] = [];
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      let line = '';
      for (const word of paragraph.split(/(?<=\s)/)) {
        if (line && doc.widthOfString((line + word).trimEnd()) > width) {
          lines.push(line.trimEnd());
          line = '';
        }
        let rest = word;
        // A word wider than the whole width is broken where it must be.
        while (!line && doc.widthOfString(rest.trimEnd()) > width && rest.length > 1) {
          let fit = rest.length - 1;
          while (fit > 1 && doc.widthOfString(rest.slice(0, fit)) > width) fit -= 1;
          lines.push(rest.slice(0, fit));
          rest = rest.slice(fit);
        }
        line += rest;
      }
      lines.push(line.trimEnd());
    }
    return lines;
  };

  /** The height a paragraph takes in the current font at this width. */
  const heightOf = (text: string, width: number): number =>
    hasRightToLeft(text)
      ? rightToLeftLines(text, width).length * doc.currentLineHeight(true)
      : doc.heightOfString(text, { width });

  /**
   * Writes a paragraph at (x, y) within `width`, in the current font; returns where the next
   * one starts. A paragraph reading from the right is aligned to the right unless told.
   */
  const write = (text: string, x: number, top: number, width: number, align?: Align): number => {
    if (!hasRightToLeft(text)) {
      doc.text(text, x, top, { width, align: align ?? 'left' });
      return top + doc.heightOfString(text, { width, align: align ?? 'left' });
    }
    let at = top;
    for (const line of rightToLeftLines(text, width)) {
      const { pieces, rightToLeft } = visualLine(line);
      const lineWidth = pieces.reduce((sum, piece) => sum + doc.widthOfString(piece), 0);
      const side = align ?? (rightToLeft ? 'right' : 'left');
      let left =
        side === 'right'
          ? x + width - lineWidth
          : side === 'center'
            ? x + (width - lineWidth) / 2
            : x;
      for (const piece of pieces) {
        if (piece.trim()) doc.text(piece, left, at, { lineBreak: false });
        left += doc.widthOfString(piece);
      }
      at += doc.currentLineHeight(true);
    }
    return at;
  };

  let y = MARGIN;
  /** Moves to a new page when `height` more would not fit above the footer. */
  const room = (height: number, continued?: () => void): void => {
    if (y + height <= BOTTOM) return;
    doc.addPage();
    y = MARGIN;
    continued?.();
  };

  // Seller (left) and the document's title and facts (right).
  doc.font('bold').fontSize(14);
  let sellerY = write(model.seller.name, MARGIN, MARGIN, 260);
  doc.font('regular').fontSize(9);
  for (const line of model.seller.addressLines) sellerY = write(line, MARGIN, sellerY, 260);
  if (model.seller.taxId)
    sellerY = write(`VAT / tax id: ${model.seller.taxId}`, MARGIN, sellerY, 260);

  doc.font('bold').fontSize(20);
  let factsY = write(model.title.toUpperCase(), MARGIN + 270, MARGIN, CONTENT_WIDTH - 270, 'right');
  doc.font('regular').fontSize(9);
  const facts: Array<[string, string]> = [['Number', model.number], ...model.facts];
  for (const [label, value] of facts) {
    factsY = write(`${label}: ${value}`, MARGIN + 270, factsY, CONTENT_WIDTH - 270, 'right');
  }
  y = Math.max(sellerY, factsY) + 24;

  // The buyer, line by line: an address stored before addresses were limited may be long, and
  // runs on to the next pages under a "Bill to (continued)" heading. A billing address that is
  // not where the order ships is billed to, and the delivery address follows as "Ship to".
  const heading = (text: string) => {
    doc.font('bold').fontSize(10);
    y = write(text, MARGIN, y, CONTENT_WIDTH);
    doc.font('regular').fontSize(9);
  };
  const block = (title: string, lines: ReadonlyArray<string | null>) => {
    heading(title);
    for (const line of lines.filter((l): l is string => Boolean(l && l.trim()))) {
      room(heightOf(line, 300), () => heading(`${title} (continued)`));
      y = write(line, MARGIN, y, 300);
    }
    y += 20;
  };
  const buyer = model.buyer;
  const linesOf = (address: string) => address.split(/\r\n|\r|\n/);
  block('Bill to', [
    buyer.company,
    buyer.name,
    ...linesOf(buyer.billingAddress ?? buyer.address),
    buyer.email,
    buyer.phone,
    buyer.taxId ? `VAT / tax id: ${buyer.taxId}` : null,
  ]);
  if (buyer.billingAddress) block('Ship to', linesOf(buyer.address));

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
  room(14 + doc.currentLineHeight(true) + 6);
  header();
  for (const line of model.lines) {
    const height = Math.max(
      heightOf(line.name, COLUMNS.name.width),
      heightOf(line.partNumber, COLUMNS.part.width),
    );
    if (y + height > BOTTOM - 20) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    write(line.partNumber, COLUMNS.part.x, y, COLUMNS.part.width);
    write(line.name, COLUMNS.name.x, y, COLUMNS.name.width);
    doc.text(line.quantity.toLocaleString('en-US'), COLUMNS.quantity.x, y, {
      width: COLUMNS.quantity.width,
      align: 'right',
    });
    doc.text(formatCents(line.unitPriceCents), COLUMNS.unit.x, y, {
      width: COLUMNS.unit.width,
      align: 'right',
    });
    doc.text(formatCents(line.totalCents), COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
    });
    y += height + 6;
  }

  // The totals, right-aligned under the amounts.
  room(20 * model.totals.length + 30);
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
    doc.text(formatCents(cents), COLUMNS.amount.x, y, {
      width: COLUMNS.amount.width,
      align: 'right',
    });
    y += last ? 18 : 14;
  });

  // Notes.
  y += 12;
  doc.font('regular').fontSize(9);
  for (const note of model.notes) {
    room(heightOf(note, CONTENT_WIDTH));
    y = write(note, MARGIN, y, CONTENT_WIDTH) + 6;
  }

  // "Page n of N" on every page, under the content (BOTTOM), where nothing else is drawn.
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
