import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** How the mail server in front of the sink behaves. */
export type SmtpMode = 'answering' | 'refusing' | 'hung';

export interface SmtpProxy {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /**
   * `refusing`: every new connection is told "421 try again later" and closed, as a mail server
   * that is up but will not take mail. `hung`: nothing more is said on any connection, open or
   * new, as a paused process or a black-holed network; back to `answering`, every held
   * conversation goes on where it stopped.
   */
  set(mode: SmtpMode): void;
  close(): Promise<void>;
}

/** A TCP proxy in front of the SMTP sink that can refuse or hang like a real mail server. */
export async function startSmtpProxy(upstreamPort: number): Promise<SmtpProxy> {
  let mode: SmtpMode = 'answering';
  type Pair = { client: Socket; upstream: Socket | null };
  const open = new Set<Pair>();
  const flow = (pair: Pair) => {
    if (!pair.upstream) {
      const upstream = connect(upstreamPort, '127.0.0.1');
      pair.upstream = upstream;
      upstream.on('error', () => pair.client.destroy());
      upstream.on('close', () => pair.client.destroy());
    }
    pair.client.pipe(pair.upstream);
    pair.upstream.pipe(pair.client);
  };
  // Unpiped and paused, bytes wait in the sockets' buffers: neither side hears anything.
  const stall = (pair: Pair) => {
    pair.client.unpipe();
    pair.upstream?.unpipe();
    pair.client.pause();
    pair.upstream?.pause();
  };
  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'refusing') {
      client.end('421 4.3.2 Service not available, closing transmission channel\r\n');
      return;
    }
    const pair: Pair = { client, upstream: null };
    open.add(pair);
    client.on('close', () => {
      open.delete(pair);
      pair.upstream?.destroy();
    });
    if (mode === 'hung') stall(pair);
    else flow(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    set(next) {
      if (next === 'hung' && mode !== 'hung') for (const pair of open) stall(pair);
      if (next !== 'hung' && mode === 'hung') for (const pair of open) flow(pair);
      mode = next;
    },
    close: async () => {
      for (const pair of open) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
