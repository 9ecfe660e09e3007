import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database, Db } from '../src/server/db/client';
import { inTransaction } from '../src/server/db/client';
import { visits } from '../src/server/db/schema/index';
import type { JobQueue } from '../src/server/jobs/queue';
import { makeVisitPayable } from '../src/server/payments/payable';
import { insertReferral } from './referral-fixtures';

/**
 * Inserts a documented visit of a matched referral straight into the database, for payment tests
 * (the visits API has its own tests): an evaluation at 150.00 unless told otherwise.
 */
export async function insertVisit(db: Db, options: { agencyId: string; therapistId: string; rate?: number; serviceId?: string }) {
  const referral = await insertReferral(db, { agencyId: options.agencyId, status: 'in_progress', matchedTherapistId: options.therapistId });
  const [visit] = await db
    .insert(visits)
    .values({
      referralId: referral.id,
      agencyId: options.agencyId,
      therapistId: options.therapistId,
      serviceId: options.serviceId ?? 'evaluation',
      status: 'documented',
      scheduledStart: new Date(Date.now() - 86_400_000),
      checkInAt: new Date(Date.now() - 86_400_000),
      checkOutAt: new Date(Date.now() - 82_800_000),
      rate: options.rate ?? 150,
    })
    .returning();
  if (!visit) throw new Error('visit insert returned no row');
  return visit;
}

/** A visit made payable as approving its note does (its own transaction). */
export async function insertPayableVisit(
  runtime: { database: Database; jobs: JobQueue },
  options: { agencyId: string; therapistId: string; rate?: number; provider?: string },
) {
  const visit = await insertVisit(runtime.database.db, options);
  await inTransaction(runtime.database, (t) => makeVisitPayable(t, runtime.jobs, { visitId: visit.id, provider: options.provider ?? 'ledger' }));
  return visit;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface StripeRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  contentType: string | undefined;
  /** The form-encoded body, keys as sent (metadata[visitId], capabilities[transfers][requested]). */
  form: Record<string, string>;
}

/**
 * A local double of the Stripe API: records every request and answers like Stripe for accounts,
 * account links, payment intents and transfers, returning the first answer again for a repeated
 * Idempotency-Key as Stripe does. `failNext(path, n)` answers the next n requests to a path with
 * a 500 api_error, as during an outage.
 */
export class StripeDouble {
  readonly requests: StripeRequest[] = [];
  private readonly server: Server;
  private readonly byKey = new Map<string, unknown>();
  private readonly failures = new Map<string, number>();
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

  /** Successful or failed requests to one path, in order. */
  to(path: string): StripeRequest[] {
    return this.requests.filter((request) => request.path === path);
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = (request.url ?? '').split('?')[0] ?? '';
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
    if (key && this.byKey.has(key)) return send(200, this.byKey.get(key));
    const created = Math.floor(Date.now() / 1000);
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith('metadata['))
        .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
    );
    let body: unknown;
    if (request.method === 'POST' && path === '/v1/accounts') {
      body = { id: `acct_${++this.sequence}`, object: 'account', type: form.type, email: form.email, payouts_enabled: false, charges_enabled: false, metadata, created };
    } else if (request.method === 'POST' && path === '/v1/account_links') {
      body = { object: 'account_link', url: `https://connect.stripe.test/setup/e/${form.account}/${++this.sequence}`, created, expires_at: created + 300 };
    } else if (request.method === 'POST' && path === '/v1/payment_intents') {
      body = { id: `pi_${++this.sequence}`, object: 'payment_intent', amount: Number(form.amount), currency: form.currency, status: 'processing', transfer_group: form.transfer_group, metadata, created };
    } else if (request.method === 'POST' && path === '/v1/transfers') {
      body = { id: `tr_${++this.sequence}`, object: 'transfer', amount: Number(form.amount), currency: form.currency, destination: form.destination, transfer_group: form.transfer_group, metadata, created };
    } else {
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${path}).` } });
    }
    if (key) this.byKey.set(key, body);
    return send(200, body);
  }
}
