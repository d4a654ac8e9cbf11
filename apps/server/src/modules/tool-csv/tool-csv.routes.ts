import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_IMPORT_BYTES,
  toolImportApplySchema,
  toolImportPlanSchema,
  toolImportPreviewSchema,
  toolImportResultSchema,
} from '@voltforge/contract/tool-csv';
import { adminOnly, requireAdmin } from '../../auth/guards.ts';
import { CSV_CONTENT_TYPE } from '../../csv.ts';
import type { OnLowStock } from '../../stock/low-stock.service.ts';
import { exportToolsCsv } from './tool-export.service.ts';
import { applyToolImport, previewToolImport } from './tool-import.service.ts';

// The file travels as a JSON string: quotes and line breaks escaped can make it a few times longer.
const IMPORT_BODY_LIMIT = 4 * MAX_IMPORT_BYTES;

const today = () => new Date().toISOString().slice(0, 10);

/** The catalogue as CSV, and the CSV import: preview, then apply (admins only). */
export async function toolCsvRoutes(instance: FastifyInstance, opts: { onLowStock: OnLowStock }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/tool/export.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'The catalogue as CSV (UTF-8, header row), by part number (admin)',
      },
    },
    async (_request, reply) =>
      reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="voltforge-tools-${today()}.csv"`)
        .send(Readable.from(exportToolsCsv(app.db))),
  );

  app.post(
    '/api/tool/import/preview',
    {
      onRequest: adminOnly,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        summary:
          'Dry run of a tools CSV: per row what would be created or updated, and every error (admin)',
        body: toolImportPreviewSchema,
        response: { 200: toolImportPlanSchema },
      },
    },
    async (request) => previewToolImport(app.db, request.body.csv),
  );

  app.post(
    '/api/tool/import',
    {
      onRequest: adminOnly,
      bodyLimit: IMPORT_BODY_LIMIT,
      // 409: the catalogue changed since the preview.
      config: { extraErrors: [409] },
      schema: {
        tags: ['admin'],
        summary: 'Apply a previewed tools CSV in one transaction, all or nothing (admin)',
        body: toolImportApplySchema,
        response: { 200: toolImportResultSchema },
      },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return applyToolImport(app.db, admin, request.body, opts.onLowStock);
    },
  );
}
