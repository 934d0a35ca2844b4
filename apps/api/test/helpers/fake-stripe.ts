import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One request the SDK made, its form body decoded. */
export interface StripeCall {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

interface FakeAccount {
  id: string;
  object: 'account';
  email: string | null;
  charges_enabled: boolean;
  details_submitted: boolean;
}

interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  amount_total: number;
  currency: 'gbp';
  client_reference_id: string | null;
  metadata: Record<string, string>;
}

/**
 * A Stripe-compatible server for the tests (no network): the few endpoints the product calls
 * (Connect accounts and account links, Checkout Sessions, refunds), keeping state like Stripe does,
 * honouring Idempotency-Key, recording every call, and refusing refunds or going away on demand.
 * Events are built here and signed with the SDK's own test-header helper.
 */
export class FakeStripe {
  readonly calls: StripeCall[] = [];
  readonly accounts = new Map<string, FakeAccount>();
  readonly sessions = new Map<string, FakeSession>();
  readonly refunds: {
    id: string;
    object: 'refund';
    amount: number;
    currency: 'gbp';
    payment_intent: string | null;
    status: string;
    metadata: Record<string, string>;
  }[] = [];
  /** The next this many refunds are refused (402, as Stripe answers a refund it cannot make). */
  refuseRefunds = 0;
  private server: Server | undefined;
  private base = '';
  private sequence = 0;
  /** The request line of the call being answered (its query string). */
  private lastQuery = '/';
  private readonly replies = new Map<string, { status: number; body: unknown }>();
  private readonly sdk = new Stripe('sk_test_fake');

  get url(): string {
    return this.base;
  }

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      void this.serve(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.base;
  }

  /** Stops answering (connections are refused) until `start` again on a new port is not wanted: use `down`. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port after `stop`. */
  async restart(): Promise<void> {
    const port = Number(new URL(this.base).port);
    this.server = createServer((request, response) => {
      void this.serve(request, response);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
  }

  /** The business finished onboarding at Stripe. */
  activate(accountId: string): FakeAccount {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    account.charges_enabled = true;
    account.details_submitted = true;
    return account;
  }

  /** The customer paid on Stripe's page: the session is complete and has its payment. */
  pay(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent = this.id('pi');
    return session;
  }

  /** An event as Stripe sends it. */
  event(type: string, object: object, id = this.id('evt')) {
    return {
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    };
  }

  /** The `Stripe-Signature` of a payload, by the SDK's own helper. */
  sign(payload: string, secret: string, timestamp?: number): string {
    return this.sdk.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }

  callsTo(method: string, path: string): StripeCall[] {
    return this.calls.filter((call) => call.method === method && call.path === path);
  }

  private id(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_fake_${String(this.sequence).padStart(6, '0')}`;
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const path = new URL(request.url ?? '/', this.base).pathname;
    this.lastQuery = request.url ?? '/';
    const method = request.method ?? 'GET';
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    this.calls.push({ method, path, form, idempotencyKey });
    const replayKey = idempotencyKey && `${method} ${path} ${idempotencyKey}`;
    const reply = (replayKey && this.replies.get(replayKey)) || this.route(method, path, form);
    if (replayKey && reply.status < 500) this.replies.set(replayKey, reply);
    response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': this.id('req') });
    response.end(JSON.stringify(reply.body));
  }

  private route(method: string, path: string, form: URLSearchParams): { status: number; body: unknown } {
    const ok = (body: unknown) => ({ status: 200, body });
    const missing = () => ({
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `No such object: ${path}` } },
    });
    const [, , resource, id] = path.split('/');
    if (method === 'POST' && path === '/v1/accounts') {
      const account: FakeAccount = {
        id: this.id('acct'),
        object: 'account',
        email: form.get('email'),
        charges_enabled: false,
        details_submitted: false,
      };
      this.accounts.set(account.id, account);
      return ok(account);
    }
    if (method === 'GET' && resource === 'accounts' && id) {
      const account = this.accounts.get(id);
      return account ? ok(account) : missing();
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const account = form.get('account') ?? '';
      if (!this.accounts.has(account)) return missing();
      return ok({ object: 'account_link', url: `${this.base}/setup/${account}`, created: 0, expires_at: 0 });
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const sessionId = this.id('cs_test');
      const session: FakeSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `${this.base}/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: 'gbp',
        client_reference_id: form.get('client_reference_id'),
        metadata: { bookingId: form.get('metadata[bookingId]') ?? '' },
      };
      this.sessions.set(session.id, session);
      return ok(session);
    }
    if (method === 'GET' && path.startsWith('/v1/checkout/sessions/')) {
      const session = this.sessions.get(path.split('/').at(-1) ?? '');
      return session ? ok(session) : missing();
    }
    if (method === 'POST' && path === '/v1/refunds') {
      if (this.refuseRefunds > 0) {
        this.refuseRefunds -= 1;
        return {
          status: 402,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'insufficient_funds',
              message: 'The connected account has too little balance to reverse the transfer (test).',
            },
          },
        };
      }
      const refund = {
        id: this.id('re'),
        object: 'refund' as const,
        amount: Number(form.get('amount')),
        currency: 'gbp' as const,
        payment_intent: form.get('payment_intent'),
        status: 'succeeded',
        metadata: { ledgerId: form.get('metadata[ledgerId]') ?? '' },
      };
      this.refunds.push(refund);
      return ok(refund);
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const paymentIntent = new URL(`${this.base}${this.lastQuery}`).searchParams.get('payment_intent');
      const data = this.refunds.filter((refund) => refund.payment_intent === paymentIntent);
      return ok({ object: 'list', url: '/v1/refunds', has_more: false, data });
    }
    return missing();
  }
}
