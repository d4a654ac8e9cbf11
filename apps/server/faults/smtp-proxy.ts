import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** How the mail server in front of the sink behaves. */
export type SmtpMode = 'answering' | 'refusing' | 'hung' | 'cutting';

export interface SmtpProxy {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /**
   * `refusing`: every connection, open or new, is told "421 try again later" and closed, as a
   * mail server that is up but will not take mail. `hung`: nothing more is said on any connection, open or
   * new, as a paused process or a black-holed network; back to `answering`, every held
   * conversation goes on where it stopped. `cutting`: connections open and talk as usual, but a
   * mail's content is cut off halfway and the connection closed, on open connections and new.
   */
  set(mode: SmtpMode): void;
  /** How many mails `cutting` has cut off so far. */
  cuts(): number;
  close(): Promise<void>;
}

const REFUSAL = '421 4.3.2 Service not available, closing transmission channel\r\n';

/** A TCP proxy in front of the SMTP sink that can refuse, hang or cut off mail like a real mail server. */
export async function startSmtpProxy(upstreamPort: number): Promise<SmtpProxy> {
  let mode: SmtpMode = 'answering';
  let cut = 0;
  type Pair = {
    client: Socket;
    upstream: Socket | null;
    /** Between the client's DATA and the content's final dot: the mail is being sent. */
    inData: boolean;
    forward: (chunk: Buffer) => void;
  };
  const open = new Set<Pair>();
  const forwarding = (pair: Pair) => (chunk: Buffer) => {
    const upstream = pair.upstream!;
    if (mode === 'cutting' && pair.inData) {
      cut += 1;
      upstream.write(chunk.subarray(0, Math.floor(chunk.length / 2)));
      pair.client.destroy();
      upstream.destroy();
      return;
    }
    const text = chunk.toString('latin1');
    if (/(^|\r\n)DATA\r\n/i.test(text)) pair.inData = true;
    else if (pair.inData && text.includes('\r\n.\r\n')) pair.inData = false;
    upstream.write(chunk);
  };
  const flow = (pair: Pair) => {
    if (!pair.upstream) {
      const upstream = connect(upstreamPort, '127.0.0.1');
      pair.upstream = upstream;
      upstream.on('error', () => pair.client.destroy());
      upstream.on('close', () => pair.client.destroy());
    }
    pair.client.on('data', pair.forward);
    pair.client.resume();
    pair.upstream.pipe(pair.client);
  };
  // Paused, bytes wait in the sockets' buffers: neither side hears anything.
  const stall = (pair: Pair) => {
    pair.client.off('data', pair.forward);
    pair.upstream?.unpipe();
    pair.client.pause();
    pair.upstream?.pause();
  };
  const server: Server = createServer((client) => {
    client.on('error', () => undefined);
    if (mode === 'refusing') {
      client.end(REFUSAL);
      return;
    }
    const pair: Pair = { client, upstream: null, inData: false, forward: () => undefined };
    pair.forward = forwarding(pair);
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
      if (next === 'refusing' && mode !== 'refusing') {
        // Open connections too: the server says so at the client's next command, and closes.
        for (const pair of open) {
          pair.client.off('data', pair.forward);
          pair.upstream?.unpipe();
          pair.client.end(REFUSAL);
          pair.upstream?.destroy();
        }
      }
      if (next === 'hung' && mode !== 'hung') for (const pair of open) stall(pair);
      if (next !== 'hung' && mode === 'hung') for (const pair of open) flow(pair);
      mode = next;
    },
    cuts: () => cut,
    close: async () => {
      for (const pair of open) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
