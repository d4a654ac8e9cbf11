import { Readable } from 'node:stream';
import { and, asc, gte, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { documentsExportQuerySchema, type DocumentsExportQuery } from '@voltforge/contract/invoice';
import { DOCUMENT_EXPORT_COLUMNS } from '@voltforge/contract/invoice-rules';
import { DOCUMENTS_EXPORT_PATH } from '@voltforge/contract/order-export';
import { adminOnly } from '../../auth/guards.ts';
import { CSV_BOM, CSV_CONTENT_TYPE, csvLine, csvMoney } from '../../csv.ts';
import type { Db } from '../../db/client.ts';
import { creditNote, invoice } from '../../db/schema/order.ts';

/**
 * Every invoice and credit note issued in the period, in number order, each from its stored
 * snapshot (what the document says, never the order as it is now). A credit note's amounts are
 * negative, so a column's sum is the period's net.
 */
export async function* exportDocumentsCsv(
  db: Db,
  query: DocumentsExportQuery,
): AsyncGenerator<string> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
  yield CSV_BOM + csvLine(DOCUMENT_EXPORT_COLUMNS);
  const invoices = await db
    .select({ snapshot: invoice.snapshot })
    .from(invoice)
    .where(and(gte(invoice.issuedAt, from), lt(invoice.issuedAt, to)))
    .orderBy(asc(invoice.year), asc(invoice.seq));
  for (const { snapshot: s } of invoices) {
    yield csvLine([
      'invoice',
      s.number,
      s.issuedAt.slice(0, 10),
      s.orderNumber,
      '',
      s.buyer.name,
      s.buyer.company ?? '',
      s.buyer.taxId ?? '',
      csvMoney(s.goodsCents),
      csvMoney(s.shippingCents),
      csvMoney(s.taxCents),
      csvMoney(s.goodsCents + s.shippingCents),
      csvMoney(s.totalCents),
      s.poNumber ?? '',
      s.quote?.number ?? '',
    ]);
  }
  const notes = await db
    .select({ snapshot: creditNote.snapshot })
    .from(creditNote)
    .where(and(gte(creditNote.issuedAt, from), lt(creditNote.issuedAt, to)))
    .orderBy(asc(creditNote.year), asc(creditNote.seq));
  for (const { snapshot: s } of notes) {
    yield csvLine([
      'credit note',
      s.number,
      s.issuedAt.slice(0, 10),
      s.orderNumber,
      s.invoiceNumber ?? '',
      s.buyer.name,
      s.buyer.company ?? '',
      s.buyer.taxId ?? '',
      csvMoney(-s.goodsCents),
      csvMoney(-s.shippingCents),
      csvMoney(-s.taxCents),
      csvMoney(-(s.goodsCents + s.shippingCents)),
      csvMoney(-s.totalCents),
      s.poNumber ?? '',
      '',
    ]);
  }
}

/** The accountant's export (admins only). */
export async function documentsExportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    DOCUMENTS_EXPORT_PATH,
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Invoices and credit notes issued in a period, as CSV for the books (admin)',
        querystring: documentsExportQuerySchema,
      },
    },
    async (request, reply) =>
      reply
        .type(CSV_CONTENT_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="voltforge-documents-${request.query.from}-to-${request.query.to}.csv"`,
        )
        .send(Readable.from(exportDocumentsCsv(app.db, request.query))),
  );
}
