import { sql } from 'drizzle-orm';
import type { DemoDeps } from './demo-deps';
import { DEMO_EMAIL_DOMAIN } from './demo-people';
import { playDemoMarket } from './play-market';
import { DEMO_SEED_LOCK, insertDemoPeople, type DemoSummary, type SeedTx } from './seed-demo-data';

/**
 * `npm run demo-data`: the demo from scratch, leaving everyone else's data alone. In one
 * transaction the demo people and everything that involves them go — referrals of a demo agency
 * or matched to a demo therapist (with their offers, answers and patients), visits a demo person
 * is party to (with notes, attachments, invoice lines and payouts) — and the cast is inserted
 * afresh; then their market is played again (play-market.ts). The audit log is append-only and
 * keeps its rows.
 */
export async function resetDemoData(deps: DemoDeps, now: Date = new Date()): Promise<DemoSummary> {
  const people = await deps.database.db.transaction(async (tx) => {
    // The same lock as the first start's seed: a server starting meanwhile waits, then finds accounts.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
    await deleteDemoData(tx);
    return insertDemoPeople(tx, now);
  });
  return { people, market: await playDemoMarket(deps, now) };
}

async function deleteDemoData(tx: SeedTx): Promise<void> {
  // Temporary tables live as long as this transaction: each set is computed once, then deleted in
  // the order the foreign keys need (payments and visits, then referrals, then the people).
  await tx.execute(sql`
    create temporary table demo_people on commit drop as
      select id from "user" where lower(email) like ${`%@${DEMO_EMAIL_DOMAIN}`}`);
  await tx.execute(sql`
    create temporary table demo_referrals on commit drop as
      select id from referrals
      where agency_id in (select id from demo_people) or matched_therapist_id in (select id from demo_people)`);
  await tx.execute(sql`
    create temporary table demo_visits on commit drop as
      select id from visits
      where referral_id in (select id from demo_referrals)
        or agency_id in (select id from demo_people) or therapist_id in (select id from demo_people)`);
  await tx.execute(sql`delete from payouts where visit_id in (select id from demo_visits) or therapist_id in (select id from demo_people)`);
  await tx.execute(sql`
    delete from invoice_lines
    where visit_id in (select id from demo_visits) or agency_id in (select id from demo_people) or therapist_id in (select id from demo_people)`);
  // Attachment bytes are keyed by their row's storage key, not tied to it by a foreign key.
  await tx.execute(sql`
    delete from attachment_blobs
    where storage_key in (select storage_key from note_attachments where visit_id in (select id from demo_visits))`);
  await tx.execute(sql`delete from visits where id in (select id from demo_visits)`);
  await tx.execute(sql`delete from referrals where id in (select id from demo_referrals)`);
  // Accounts, profiles, sessions, factors, notifications and preferences go with each user (cascade).
  await tx.execute(sql`delete from "user" where id in (select id from demo_people)`);
}
