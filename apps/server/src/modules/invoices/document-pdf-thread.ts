import { Worker } from 'node:worker_threads';
import type { PdfDocumentModel } from './document-pdf.ts';
import type { RenderAnswer, RenderRequest } from './document-pdf-worker.ts';

/*
 * pdfkit lays a document out synchronously: a 500-line invoice kept the event loop for 250–400 ms,
 * and twenty at once kept every other request waiting for seconds. Documents are therefore
 * rendered in one worker thread (docs/payments.md, "Invoices"), started on the first document and
 * stopped after a minute without one; each document is rendered once and then kept.
 */

const IDLE_MS = 60_000;

interface Thread {
  worker: Worker;
  jobs: Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>;
  idle?: NodeJS.Timeout;
}

let current: Thread | null = null;
let nextId = 1;

/**
 * The worker. Run from the sources (tsx in development, Vitest in tests), it is the .ts beside
 * this file, loaded after registering tsx in the new thread (Node 20 does not hand a thread's
 * loader hooks on to the workers it starts); in the compiled server it is
 * dist/document-pdf-worker.js, beside the bundle this code is in (apps/server/build.mjs).
 */
function newWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL('./document-pdf-worker.js', import.meta.url));
  }
  const tsx = import.meta.resolve('tsx/esm/api');
  const worker = new URL('./document-pdf-worker.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker)}); });`,
    { eval: true },
  );
}

function startThread(): Thread {
  const thread: Thread = { worker: newWorker(), jobs: new Map() };
  const stop = (error: Error) => {
    if (current === thread) current = null;
    clearTimeout(thread.idle);
    for (const job of thread.jobs.values()) job.reject(error);
    thread.jobs.clear();
  };
  thread.worker.on('message', (answer: RenderAnswer) => {
    const job = thread.jobs.get(answer.id);
    if (!job) return;
    thread.jobs.delete(answer.id);
    if ('pdf' in answer) {
      job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
    } else job.reject(new Error(`the PDF could not be rendered: ${answer.error}`));
    if (thread.jobs.size === 0) {
      // An idle worker must not keep a process (a CLI, a test) from exiting.
      thread.worker.unref();
      thread.idle = setTimeout(() => {
        if (current === thread) current = null;
        void thread.worker.terminate();
      }, IDLE_MS).unref();
    }
  });
  thread.worker.on('error', stop);
  thread.worker.on('exit', (code) => stop(new Error(`the PDF worker stopped (exit code ${code})`)));
  return thread;
}

/** Renders a document in the worker thread; resolves with the PDF's bytes. */
export function renderDocumentPdfOffThread(model: PdfDocumentModel): Promise<Buffer> {
  const thread = (current ??= startThread());
  clearTimeout(thread.idle);
  thread.worker.ref();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    thread.jobs.set(id, { resolve, reject });
    thread.worker.postMessage({ id, model } satisfies RenderRequest);
  });
}
