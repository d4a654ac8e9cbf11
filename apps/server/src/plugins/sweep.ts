import type { FastifyInstance } from 'fastify';

/**
 * A sweep every instance runs on a timer while the server is up (each pass claims its rows, so
 * instances never do a row twice): started once the server is ready, stopped when it closes, and
 * never keeping the process alive. A pass that fails is logged and the next one tries again.
 */
export function sweepEvery(
  app: FastifyInstance,
  opts: {
    everyMs: number;
    /** One pass; answers how many rows it handled. */
    pass: () => Promise<number>;
    /** The log's words: the count's field, what a pass that handled rows did, and a failure. */
    counted: string;
    did: string;
    failed: string;
  },
): void {
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const handled = await opts.pass();
      if (handled > 0) app.log.info({ [opts.counted]: handled }, opts.did);
    } catch (err) {
      app.log.error({ err }, opts.failed);
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), opts.everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
