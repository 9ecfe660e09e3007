import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The form-encoded body, keys as sent (metadata[visitId], capabilities[transfers][requested]). */
  form: Record<string, string>;
  /** The query string's parameters (a list's filters). */
  query: Record<string, string>;
}

/** How a payment method saved through the double behaves when charged. */
export type CardOutcome = 'succeeded' | 'declined' | 'processing';

/** A request the double is told to treat specially (see `loseNext`). */
type Interception = { match: (request: StripeRequest) => boolean; remaining: number; before?: () => Promise<void> };

type Json = Record<string, unknown>;

/**
 * A local double of the Stripe API: records every request and answers like Stripe for accounts,
 * account links, customers, Checkout sessions (setup mode), setup intents, payment methods,
 * payment intents (created and confirmed off-session) and transfers (which must name a charge
 * that succeeded as their source_transaction; listed by transfer_group), returning the first answer again — an error too —
 * for a repeated Idempotency-Key as Stripe does, and refusing a repeated key sent with other
 * parameters (idempotency_error) as Stripe does. `failNext(path, n)` answers the next n requests
 * to a path with a 500 api_error, as during an outage; `loseNext(match)` carries out the next
 * matching request and then drops the connection, as when Stripe's answer is lost on the way back;
 * `completeSetup` plays the agency finishing Checkout with a card that then succeeds, is declined
 * or stays processing when charged; `declineTransfersTo` refuses transfers to an account as Stripe does
 * when the platform's balance is short, and `reverseTransfer` reverses one in full.
 */
export class StripeDouble {
  readonly requests: StripeRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly paymentMethods = new Map<string, Json & { outcome: CardOutcome }>();
  readonly paymentIntents = new Map<string, Json>();
  readonly transfers = new Map<string, Json>();
  private readonly charges = new Set<string>();
  private readonly chargesByIntent = new Map<string, { id: string; outcome: CardOutcome }[]>();
  private readonly server: Server;
  private readonly byKey = new Map<string, { status: number; body: unknown; form: string }>();
  private readonly failures = new Map<string, number>();
  private readonly interceptions: Interception[] = [];
  /** Connected accounts whose transfers are declined, as when the platform's balance is short. */
  private readonly declinedDestinations = new Set<string>();
  private sequence = 0;
  url = '';

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  failNext(path: string, count = 1) {
    this.failures.set(path, count);
  }

  /**
   * The next `count` requests that `match` are carried out (and their answer kept for their
   * idempotency key), but the connection is dropped instead of answering, after `before` (if given)
   * has run, each time: the client sees a network error although Stripe acted. The SDK retries a
   * dropped connection once by itself, so a lost answer for a whole call takes a count of 2.
   */
  loseNext(match: (request: StripeRequest) => boolean, options: { count?: number; before?: () => Promise<void> } = {}) {
    this.interceptions.push({ match, remaining: options.count ?? 1, before: options.before });
  }

  /** Whether every `loseNext` has been used up. */
  get lostAll(): boolean {
    return this.interceptions.every((interception) => interception.remaining === 0);
  }

  /** Successful or failed requests to one path, in order. */
  to(path: string): StripeRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  /**
   * The agency completes a setup-mode Checkout session with a card: its SetupIntent succeeds with a
   * new payment method attached to the session's customer. Returns the ids a webhook would carry.
   */
  completeSetup(sessionId: string, card: { brand?: string; last4?: string; outcome?: CardOutcome } = {}) {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no Checkout session ${sessionId}`);
    const paymentMethodId = `pm_${++this.sequence}`;
    this.paymentMethods.set(paymentMethodId, {
      id: paymentMethodId,
      object: 'payment_method',
      type: 'card',
      customer: session.customer,
      card: { brand: card.brand ?? 'visa', last4: card.last4 ?? '4242', exp_month: 12, exp_year: 2030 },
      outcome: card.outcome ?? 'succeeded',
    });
    const setupIntentId = session.setup_intent as string;
    Object.assign(this.setupIntents.get(setupIntentId) ?? {}, { status: 'succeeded', payment_method: paymentMethodId });
    Object.assign(session, { status: 'complete' });
    return { sessionId, setupIntentId, paymentMethodId, customerId: session.customer as string, session: { ...session }, setupIntent: { ...this.setupIntents.get(setupIntentId) } };
  }

  /**
   * Until `acceptTransfersTo`, every transfer to this connected account is declined with
   * balance_insufficient (Stripe declines any transfer while the platform's balance is short; one
   * account keeps the decline to the test that asked for it).
   */
  declineTransfersTo(destination: string) {
    this.declinedDestinations.add(destination);
  }

  acceptTransfersTo(destination: string) {
    this.declinedDestinations.delete(destination);
  }

  /** Reverses a transfer in full, as a manager could in the Stripe Dashboard (Stripe then sends transfer.reversed). */
  reverseTransfer(id: string) {
    const transfer = this.transfers.get(id);
    if (!transfer) throw new Error(`no transfer ${id}`);
    Object.assign(transfer, { reversed: true, amount_reversed: transfer.amount });
    return { ...transfer };
  }

  /** Transfers that exist at the double for one visit (by their metadata), in order: what the therapist was actually paid. */
  transfersOf(visitId: string): Json[] {
    return [...this.transfers.values()].filter((transfer) => (transfer.metadata as Json).visitId === visitId);
  }

  /** Payment intents created for one visit (by their metadata), in order. */
  intentsFor(visitId: string): Json[] {
    return [...this.paymentIntents.values()].filter((intent) => (intent.metadata as Json).visitId === visitId);
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const [path = '', search = ''] = (request.url ?? '').split('?');
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const recorded: StripeRequest = {
      method: request.method ?? '',
      path,
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
      contentType: header('content-type'),
      form,
      query: Object.fromEntries(new URLSearchParams(search)),
    };
    this.requests.push(recorded);
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++this.sequence}` });
      response.end(JSON.stringify(body));
    };

    const failures = this.failures.get(path) ?? 0;
    if (failures > 0) {
      this.failures.set(path, failures - 1);
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred (double outage).' } });
    }
    const key = recorded.idempotencyKey ? `${path} ${recorded.idempotencyKey}` : undefined;
    const replay = key ? this.byKey.get(key) : undefined;
    const sentForm = JSON.stringify(Object.entries(form).sort(([a], [b]) => a.localeCompare(b)));
    if (replay && replay.form !== sentForm) {
      return send(400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${recorded.idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }
    const { status, body } = replay ?? this.answer(request.method ?? '', path, form, new URLSearchParams(search));
    if (key && !replay && status < 500) this.byKey.set(key, { status, body, form: sentForm });
    const lost = this.interceptions.find((interception) => interception.remaining > 0 && interception.match(recorded));
    if (lost) {
      lost.remaining -= 1;
      await lost.before?.();
      response.socket?.destroy();
      return;
    }
    return send(status, body);
  }

  private answer(method: string, path: string, form: Record<string, string>, query: URLSearchParams): { status: number; body: unknown } {
    const created = Math.floor(Date.now() / 1000);
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    const ok = (body: unknown) => ({ status: 200, body });
    const notFound = (what: string) => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } } });
    const [, , resource, id, action] = path.split('/');
    const post = method === 'POST';

    if (post && path === '/v1/accounts') {
      return ok({ id: `acct_${++this.sequence}`, object: 'account', type: form.type, email: form.email, payouts_enabled: false, charges_enabled: false, metadata, created });
    }
    if (post && path === '/v1/account_links') {
      return ok({ object: 'account_link', url: `https://connect.stripe.test/setup/e/${form.account}/${++this.sequence}`, created, expires_at: created + 300 });
    }
    if (resource === 'customers') {
      if (post && !id) {
        const customer = { id: `cus_${++this.sequence}`, object: 'customer', email: form.email, name: form.name, metadata, invoice_settings: { default_payment_method: null }, created };
        this.customers.set(customer.id, customer);
        return ok(customer);
      }
      const customer = id ? this.customers.get(id) : undefined;
      if (!customer) return notFound(`customer: '${id}'`);
      const defaultMethod = form['invoice_settings[default_payment_method]'];
      if (post && defaultMethod !== undefined) {
        if (!this.paymentMethods.has(defaultMethod)) return notFound(`PaymentMethod: '${defaultMethod}'`);
        customer.invoice_settings = { default_payment_method: defaultMethod };
      }
      return ok(customer);
    }
    if (post && path === '/v1/checkout/sessions') {
      if (form.mode !== 'setup') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'The double only knows setup mode.' } } };
      if (!form.customer || !this.customers.has(form.customer)) return notFound(`customer: '${form.customer}'`);
      const setupMetadata = Object.fromEntries(
        Object.entries(form)
          .filter(([name]) => name.startsWith('setup_intent_data[metadata]['))
          .map(([name, value]) => [name.slice('setup_intent_data[metadata]['.length, -1), value]),
      );
      const setupIntent = { id: `seti_${++this.sequence}`, object: 'setup_intent', customer: form.customer, payment_method: null, status: 'requires_payment_method', usage: 'off_session', metadata: setupMetadata, created };
      this.setupIntents.set(setupIntent.id, setupIntent);
      const sessionId = `cs_test_${++this.sequence}`;
      const session = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        customer: form.customer,
        currency: form.currency,
        client_reference_id: form.client_reference_id,
        setup_intent: setupIntent.id,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `https://checkout.stripe.test/c/setup/${sessionId}`,
        metadata,
        created,
      };
      this.checkoutSessions.set(sessionId, session);
      return ok(session);
    }
    if (method === 'GET' && resource === 'setup_intents' && id) {
      const intent = this.setupIntents.get(id);
      if (!intent) return notFound(`setup_intent: '${id}'`);
      const expand = [...query.values()].includes('payment_method');
      const method = typeof intent.payment_method === 'string' ? this.presentMethod(intent.payment_method) : null;
      return ok({ ...intent, payment_method: expand ? method : intent.payment_method });
    }
    if (method === 'GET' && resource === 'payment_methods' && id) {
      return this.paymentMethods.has(id) ? ok(this.presentMethod(id)) : notFound(`PaymentMethod: '${id}'`);
    }
    if (method === 'GET' && resource === 'payment_intents' && id) {
      const intent = this.paymentIntents.get(id);
      return intent ? ok({ ...intent }) : notFound(`payment_intent: '${id}'`);
    }
    if (post && resource === 'payment_intents') {
      if (!id) {
        const intent: Json = {
          id: `pi_${++this.sequence}`,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency,
          customer: form.customer ?? null,
          payment_method: form.payment_method ?? null,
          status: 'requires_payment_method',
          latest_charge: null,
          last_payment_error: null,
          transfer_group: form.transfer_group,
          metadata,
          created,
        };
        this.paymentIntents.set(intent.id as string, intent);
        return form.confirm === 'true' ? this.confirm(intent, form) : ok(intent);
      }
      const intent = this.paymentIntents.get(id);
      if (!intent) return notFound(`payment_intent: '${id}'`);
      if (action === 'confirm') return this.confirm(intent, form);
    }
    if (post && path === '/v1/transfers') {
      if (form.source_transaction && !this.charges.has(form.source_transaction)) {
        return { status: 400, body: { error: { type: 'invalid_request_error', param: 'source_transaction', message: `No such charge: '${form.source_transaction}'` } } };
      }
      if (form.destination && this.declinedDestinations.has(form.destination)) {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'balance_insufficient',
              message: 'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance.',
            },
          },
        };
      }
      const transfer: Json = {
        id: `tr_${++this.sequence}`,
        object: 'transfer',
        amount: Number(form.amount),
        amount_reversed: 0,
        reversed: false,
        currency: form.currency,
        destination: form.destination,
        source_transaction: form.source_transaction ?? null,
        transfer_group: form.transfer_group,
        metadata,
        created,
      };
      this.transfers.set(transfer.id as string, transfer);
      return ok({ ...transfer });
    }
    if (method === 'GET' && path === '/v1/transfers') {
      // Newest first, filtered as Stripe filters (transfer_group, destination); one page is all the double needs.
      const group = query.get('transfer_group');
      const destination = query.get('destination');
      const limit = Number(query.get('limit') ?? 10);
      const matching = [...this.transfers.values()]
        .filter((transfer) => (!group || transfer.transfer_group === group) && (!destination || transfer.destination === destination))
        .reverse();
      const after = query.get('starting_after');
      const data = after ? matching.slice(matching.findIndex((transfer) => transfer.id === after) + 1) : matching;
      return ok({ object: 'list', url: '/v1/transfers', has_more: data.length > limit, data: data.slice(0, limit).map((transfer) => ({ ...transfer })) });
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method} ${path}).` } } };
  }

  /** Confirms a payment intent with its (or a new) payment method, as its card's outcome says. */
  private confirm(intent: Json, form: Record<string, string>): { status: number; body: unknown } {
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      const message = intent.status === 'succeeded' ? 'This PaymentIntent has already succeeded.' : 'This PaymentIntent is processing and cannot be confirmed.';
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message, payment_intent: { ...intent } } } };
    }
    if (form.payment_method) intent.payment_method = form.payment_method;
    const method = this.paymentMethods.get(String(intent.payment_method));
    if (!method) return { status: 400, body: { error: { type: 'invalid_request_error', param: 'payment_method', message: `No such PaymentMethod: '${String(intent.payment_method)}'` } } };
    if (intent.customer && method.customer !== intent.customer) {
      return { status: 400, body: { error: { type: 'invalid_request_error', param: 'payment_method', message: 'The payment method does not belong to this customer.' } } };
    }
    const charge = `ch_${++this.sequence}`;
    this.chargesByIntent.set(intent.id as string, [...(this.chargesByIntent.get(intent.id as string) ?? []), { id: charge, outcome: method.outcome }]);
    if (method.outcome === 'declined') {
      const error = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
      Object.assign(intent, { status: 'requires_payment_method', latest_charge: charge, last_payment_error: error });
      return { status: 402, body: { error: { ...error, payment_intent: { ...intent } } } };
    }
    if (method.outcome === 'succeeded') this.charges.add(charge);
    Object.assign(intent, { status: method.outcome, latest_charge: charge, last_payment_error: null });
    return { status: 200, body: { ...intent } };
  }

  /** Marks a processing charge as succeeded (as the bank settling it), so a transfer may draw on it. */
  settleCharge(chargeId: string) {
    this.charges.add(chargeId);
    for (const [intentId, charges] of this.chargesByIntent) {
      const charge = charges.find((item) => item.id === chargeId);
      if (!charge) continue;
      charge.outcome = 'succeeded';
      Object.assign(this.paymentIntents.get(intentId) ?? {}, { status: 'succeeded' });
    }
  }

  /** Every charge attempted on one visit's payment intents, in order, with how it ended (declined charges included). */
  chargesFor(visitId: string): { id: string; intent: string; outcome: CardOutcome }[] {
    return this.intentsFor(visitId).flatMap((intent) => (this.chargesByIntent.get(intent.id as string) ?? []).map((charge) => ({ ...charge, intent: intent.id as string })));
  }

  private presentMethod(id: string): Json | null {
    const method = this.paymentMethods.get(id);
    if (!method) return null;
    const { outcome: _outcome, ...visible } = method;
    return visible;
  }
}
