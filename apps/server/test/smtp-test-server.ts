import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header. */
  messageId: string;
  /** When the server took it (ms since the epoch). */
  receivedAt: number;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** How many connections clients have opened. */
  connections(): number;
  /** Resolves with the first received mail matching, waiting for it up to `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server in the test process on a free port: mails the shop sends are parsed and
 * collected. `refuse` answers every recipient with a permanent 550, as a server that will not
 * take the mail does; `dataDelayMs` makes each mail take that long to be accepted, as a busy
 * server does.
 */
export async function startSmtpServer(
  opts: { refuse?: boolean; dataDelayMs?: number } = {},
): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let connections = 0;
  const server = new SMTPServer({
    // A test's own pooled transports may leave idle connections open: closing does not wait the
    // default 30 s for them to leave.
    closeTimeout: 500,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (!opts.refuse) return callback();
      const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
      error.responseCode = 550;
      return callback(error);
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (opts.dataDelayMs) await new Promise((r) => setTimeout(r, opts.dataDelayMs));
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            messageId: parsed.messageId ?? '',
            receivedAt: Date.now(),
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
          });
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  // A client that hangs up while the server still writes (the shop's sender giving up on a
  // refusing or stopped server) is the client's business; without a listener its EPIPE or
  // ECONNRESET would end the test process. Anything else still does.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ECONNRESET') return;
    throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    waitFor: async (match, timeoutMs = 5_000) => {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > until) throw new Error('the expected mail did not arrive');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
