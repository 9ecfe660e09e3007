import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app';
import { buildAgency, buildTherapist } from '../../../test/factories';
import { callApi, ok } from '../../../test/http';
import { session } from '../../../test/people';
import { buildVisit } from '../../../test/visit-fixtures';
import type { AgencyRecord } from '../../domain/agency-reliability';
import { invoiceLines, visitNotes } from '../db/schema/index';
import { AUTOMATIC_REVIEWER } from '../documentation/service';
import { loadAgencyReliability } from './agency-reliability';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const REVIEW_DAYS = 7;

async function agencyWithTherapist() {
  const agency = await buildAgency(db());
  const therapist = await buildTherapist(db());
  return { agency, therapist, sides: { agencyId: agency.userId, therapistId: therapist.userId } };
}

type NoteFacts = { status: 'signed' | 'approved' | 'returned' | 'superseded'; signedDaysAgo: number; reviewedDaysAgo?: number; reviewedBy?: string };

async function note(sides: { agencyId: string; therapistId: string }, facts: NoteFacts) {
  const visit = await buildVisit(db(), { ...sides, status: 'documented' });
  await db()
    .insert(visitNotes)
    .values({
      visitId: visit.id,
      version: 1,
      status: facts.status,
      sealed: 'sealed-note',
      signedAt: daysAgo(facts.signedDaysAgo),
      reviewedAt: facts.reviewedDaysAgo === undefined ? null : daysAgo(facts.reviewedDaysAgo),
      reviewedBy: facts.reviewedDaysAgo === undefined ? null : (facts.reviewedBy ?? sides.agencyId),
    });
}

async function invoice(sides: { agencyId: string; therapistId: string }, facts: { createdDaysAgo: number; paidDaysAgo?: number }) {
  const visit = await buildVisit(db(), { ...sides, status: 'approved' });
  await db()
    .insert(invoiceLines)
    .values({
      visitId: visit.id,
      ...sides,
      serviceId: 'evaluation',
      amount: 150,
      provider: 'ledger',
      idempotencyKey: randomUUID(),
      status: facts.paidDaysAgo === undefined ? 'pending' : 'paid',
      createdAt: daysAgo(facts.createdDaysAgo),
      paidAt: facts.paidDaysAgo === undefined ? null : daysAgo(facts.paidDaysAgo),
    });
}

describe("an agency's reliability, from what the platform recorded", () => {
  it('counts notes it reviewed itself within the window as on time; late, auto-approved and overdue ones as late; waiting ones not yet', async () => {
    const { agency, sides } = await agencyWithTherapist();
    await note(sides, { status: 'approved', signedDaysAgo: 20, reviewedDaysAgo: 19 }); // on time
    await note(sides, { status: 'returned', signedDaysAgo: 20, reviewedDaysAgo: 18 }); // returned on time
    await note(sides, { status: 'superseded', signedDaysAgo: 30, reviewedDaysAgo: 29 }); // returned on time, then rewritten
    await note(sides, { status: 'approved', signedDaysAgo: 20, reviewedDaysAgo: 10 }); // reviewed after 10 days: late
    await note(sides, { status: 'approved', signedDaysAgo: 20, reviewedDaysAgo: 13, reviewedBy: AUTOMATIC_REVIEWER }); // left to the automatic approval: late
    await note(sides, { status: 'signed', signedDaysAgo: 9 }); // still waiting past the window: late
    await note(sides, { status: 'signed', signedDaysAgo: 2 }); // still within the window: not judged
    await note(sides, { status: 'superseded', signedDaysAgo: 40 }); // replaced before review: not the agency's to judge

    await invoice(sides, { createdDaysAgo: 50, paidDaysAgo: 45 }); // on time
    await invoice(sides, { createdDaysAgo: 80, paidDaysAgo: 20 }); // paid after 60 days: late
    await invoice(sides, { createdDaysAgo: 40 }); // unpaid past 30 days: late
    await invoice(sides, { createdDaysAgo: 3 }); // unpaid, not due yet: not judged

    const figure = await loadAgencyReliability(db(), agency.userId, { reviewDays: REVIEW_DAYS });
    expect(figure.parts).toEqual([
      { key: 'notes_reviewed', label: 'Reviews notes on time', onTime: 3, total: 6 },
      { key: 'payments', label: 'Pays on time', onTime: 1, total: 3 },
    ]);
    expect(figure.summary).toBe('Reviews notes on time: 3 of 6 · Pays on time: 1 of 3');

    // Another agency's record is its own.
    const other = await agencyWithTherapist();
    await note(other.sides, { status: 'approved', signedDaysAgo: 5, reviewedDaysAgo: 4 });
    expect((await loadAgencyReliability(db(), other.agency.userId, { reviewDays: REVIEW_DAYS })).parts).toEqual([
      { key: 'notes_reviewed', label: 'Reviews notes on time', onTime: 1, total: 1 },
    ]);
  });

  it('is what the agency reads about itself, and says "Too little history yet" when little is judged', async () => {
    const { agency, sides } = await agencyWithTherapist();
    await note(sides, { status: 'approved', signedDaysAgo: 5, reviewedDaysAgo: 4 });
    const record = await ok<AgencyRecord>(await callApi(app.url, 'GET', '/api/agency/record', { cookie: (await session(app, agency)).cookie }));
    expect(record.reliability).toMatchObject({ enoughHistory: false, summary: 'Too little history yet' });
  });
});
