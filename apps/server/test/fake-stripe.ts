import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A refund as the fake keeps it and answers it (Stripe's `refund` object, the fields we read). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  status: 'succeeded';
  currency: 'usd';
  amount: number;
  payment_intent: string;
  metadata: Record<string, string>;
}

/** A payment intent as the fake keeps it: the fields of Stripe's object that we read. */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  livemode: false;
  created: number;
  last_payment_error?: { message: string; payment_method: { card: { last4: string } } } | null;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  params: URLSearchParams;
}

/**
 * Just enough of Stripe's API for our provider, on 127.0.0.1 and a random port, so stripe-node
 * is tested through its real HTTP path (its `host`/`port`/`protocol` options):
 * POST /v1/payment_intents (form-encoded, honouring Idempotency-Key),
 * GET /v1/payment_intents/:id, POST /v1/payment_intents/:id/cancel and POST /v1/refunds
 * (refunding at most what the intent captured, one refund per Idempotency-Key).
 */
export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly requests: FakeRequest[] = [];
  /** When set, every request fails with this status (an outage). */
  failWith: number | null = null;
  /** Runs before an intent is created, e.g. to cancel its order while Stripe is being asked. */
  beforeCreate: (() => Promise<void>) | null = null;
  /**
   * Runs after a refund is made and before it is answered, e.g. to deliver its webhook first, as
   * Stripe may.
   */
  beforeRefundAnswer: ((refund: FakeRefund) => Promise<void>) | null = null;
  /** When set, a refund is made but its answer is lost: the connection is closed instead. */
  loseRefundAnswers = false;
  private readonly byIdempotencyKey = new Map<string, FakeIntent>();
  readonly refunds = new Map<string, FakeRefund>();
  private readonly refundsByKey = new Map<string, string>();
  private server: Server | null = null;

  get url(): string {
    const address = this.server?.address() as AddressInfo | null;
    if (!address) throw new Error('fake Stripe is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.handle(req, res);
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
  }

  /** An intent that exists only at "Stripe", e.g. made by someone else or with another amount. */
  addIntent(fields: Partial<FakeIntent> & { amount: number }): FakeIntent {
    const id = fields.id ?? `pi_${randomBytes(12).toString('hex')}`;
    const intent: FakeIntent = {
      object: 'payment_intent',
      currency: 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata: {},
      description: null,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      ...fields,
      id,
    };
    this.intents.set(id, intent);
    return intent;
  }

  /** What Stripe does when the customer's card is confirmed or declined. */
  setStatus(id: string, status: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no fake intent ${id}`);
    intent.status = status;
    return intent;
  }

  /** What Stripe does when the customer's card is declined: the intent waits for another card. */
  decline(id: string, message: string, last4: string): FakeIntent {
    const intent = this.setStatus(id, 'requires_payment_method');
    intent.last_payment_error = { message, payment_method: { card: { last4 } } };
    return intent;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    this.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
      params,
    });

    const send = (status: number, body: unknown) => {
      // Tells stripe-node not to retry, so an outage test does not wait for back-off.
      res.writeHead(status, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: string, message: string) =>
      send(status, { error: { type: 'invalid_request_error', code, message } });

    if (this.failWith) return error(this.failWith, 'api_error', 'Simulated outage.');
    if (!header('authorization')?.startsWith('Bearer sk_test_')) {
      return send(401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }

    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = header('idempotency-key');
      const replay = key ? this.byIdempotencyKey.get(key) : undefined;
      if (replay) return send(200, replay);
      if (this.beforeCreate) await this.beforeCreate();
      const amount = Number(params.get('amount'));
      const currency = params.get('currency');
      if (!Number.isInteger(amount) || amount < 50) {
        return error(400, 'amount_too_small', 'Amount must be at least $0.50 usd.');
      }
      if (!currency) return error(400, 'parameter_missing', 'Missing required param: currency.');
      const metadata: Record<string, string> = {};
      for (const [name, value] of params) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const intent = this.addIntent({
        amount,
        currency,
        metadata,
        description: params.get('description'),
      });
      if (key) this.byIdempotencyKey.set(key, intent);
      return send(200, intent);
    }

    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const answer = async (made: FakeRefund) => {
        if (this.beforeRefundAnswer) await this.beforeRefundAnswer(made);
        if (this.loseRefundAnswers) {
          res.socket?.destroy();
          return;
        }
        send(200, made);
      };
      const key = header('idempotency-key');
      const replay = key ? this.refundsByKey.get(key) : undefined;
      if (replay) return answer(this.refunds.get(replay)!);
      const intent = this.intents.get(params.get('payment_intent') ?? '');
      if (!intent) return error(404, 'resource_missing', 'No such payment_intent.');
      if (intent.status !== 'succeeded') {
        return error(
          400,
          'charge_not_refundable',
          'This PaymentIntent has no successful charge to refund.',
        );
      }
      const amount = Number(params.get('amount'));
      const taken = [...this.refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      if (amount > intent.amount - taken) {
        return error(
          400,
          'amount_too_large',
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount - taken) / 100).toFixed(2)})`,
        );
      }
      const metadata: Record<string, string> = {};
      for (const [name, value] of params) {
        const match = /^metadata\[(.+)\]$/.exec(name);
        if (match?.[1]) metadata[match[1]] = value;
      }
      const refund: FakeRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        status: 'succeeded',
        currency: 'usd',
        amount,
        payment_intent: intent.id,
        metadata,
      };
      this.refunds.set(refund.id, refund);
      if (key) this.refundsByKey.set(key, refund.id);
      return answer(refund);
    }

    const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
    if (req.method === 'POST' && cancel?.[1]) {
      const intent = this.intents.get(decodeURIComponent(cancel[1]));
      if (!intent) return error(404, 'resource_missing', `No such payment_intent: '${cancel[1]}'`);
      // Stripe refuses to cancel an intent that succeeded or is already cancelled.
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(
          400,
          'payment_intent_unexpected_state',
          `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        );
      }
      intent.status = 'canceled';
      return send(200, intent);
    }

    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && retrieve?.[1]) {
      const intent = this.intents.get(decodeURIComponent(retrieve[1]));
      if (!intent) {
        return error(404, 'resource_missing', `No such payment_intent: '${retrieve[1]}'`);
      }
      return send(200, intent);
    }
    return error(
      404,
      'resource_missing',
      `Unrecognized request URL (${req.method}: ${url.pathname}).`,
    );
  }
}
