export interface MailEnvelope {
  from: string;
  to: string;
  /** The same for every attempt of one outbox row, so a second delivery is recognisable. */
  messageId: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Hands one mail to a mail server; rejects when the server refuses it or cannot be reached. */
export interface MailTransport {
  send(mail: MailEnvelope): Promise<void>;
  close(): void;
}

/** How many mails one sender hands to the mail server at once, over as many connections. */
export const SMTP_CONNECTIONS = 3;

/**
 * Kept well below the sender's claim lease, so a hung server can never make a second instance
 * think the mail was abandoned and send it again.
 */
const TIMEOUT_MS = 30_000;

/**
 * SMTP through nodemailer, from SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for TLS).
 * Loaded only when a mail server is configured: the embedded default starts without it.
 */
export async function smtpTransport(url: string): Promise<MailTransport> {
  const { createTransport } = await import('nodemailer');
  const transporter = createTransport({
    url,
    // A few connections kept open and reused: a new connection per mail (TCP, greeting, STARTTLS,
    // AUTH) capped each sender at a few mails a second. Each connection sends one mail at a time.
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 100,
    // A connection closed under a mail fails that mail at once: the outbox decides when to try
    // again (and the delivery stays within its bound), not a silent re-send by the pool.
    maxRequeues: 0,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  return {
    send: async (mail) => {
      await transporter.sendMail(mail);
    },
    close: () => transporter.close(),
  };
}
