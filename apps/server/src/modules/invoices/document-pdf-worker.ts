import { parentPort } from 'node:worker_threads';
import { renderDocumentPdf, type PdfDocumentModel } from './document-pdf.ts';

/*
 * The worker thread documents are rendered in (document-pdf-thread.ts says why): one message per
 * document, answered with its bytes or the reason it could not be rendered.
 */

export interface RenderRequest {
  id: number;
  model: PdfDocumentModel;
}

export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (request: RenderRequest) => {
  renderDocumentPdf(request.model).then(
    (pdf) => parentPort?.postMessage({ id: request.id, pdf } satisfies RenderAnswer),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies RenderAnswer),
  );
});
