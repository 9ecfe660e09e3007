import { attentionLabel, type AttentionItem, type AttentionKind, type AttentionList } from '../../domain/attention';
import type { Actor } from '../auth/session';
import { countUrgentExpiringCredentials } from '../credentials/expiring-list';
import { referralsPausedLines } from '../credentials/paused-attention';
import type { StandingConfig } from '../credentials/standing';
import type { Database } from '../db/client';
import { countUndeliveredMessages } from '../delivery/service';
import { careAttentionLines } from '../care-clocks/attention';
import { ratingsDueLine } from '../ratings/attention';
import { agencyAttention, marketplaceAttention, therapistAttention } from './attention-queries';

/**
 * "Needs your attention" for each role, read fresh on every request (never from the figures'
 * cache: a coordinator who just confirmed a match expects the line gone). Each line leads to where
 * its work is done: the one record when there is one, else the list that holds them.
 */

interface Deps {
  database: Database;
}

function line(kind: AttentionKind, count: number, link: string): AttentionItem[] {
  return count > 0 ? [{ kind, count, label: attentionLabel(kind, count), link }] : [];
}

export async function getAgencyAttention({ database }: Deps, { actor }: { actor: Actor }): Promise<AttentionList> {
  const [row, ratings, care] = await Promise.all([
    agencyAttention(database.db, actor.userId),
    ratingsDueLine(database.db, actor.userId, 'agency'),
    careAttentionLines(database.db, actor.userId, 'agency'),
  ]);
  return {
    items: [
      // First: a missed care deadline is a survey finding; everything else can wait a moment.
      ...line('care_overdue', care.overdue.count, care.overdue.link),
      ...line('care_due_soon', care.dueSoon.count, care.dueSoon.link),
      ...line(
        'responses_to_confirm',
        row.responses,
        row.response_referrals === 1 && row.first_response_referral
          ? `/dashboard/agency/referrals/${row.first_response_referral}`
          : '/dashboard/agency/referrals?status=open',
      ),
      // No list gathers signed notes yet: the line leads to the one waiting longest, then the next.
      ...line('notes_to_review', row.notes, `/dashboard/agency/visits/${row.first_note_visit}`),
      ...line('failed_payments', row.failed_payments, '/dashboard/agency/invoices'),
      ...line('ratings_due', ratings.count, ratings.link),
    ],
  };
}

export async function getTherapistAttention({ database, config }: Deps & { config: StandingConfig }, { actor }: { actor: Actor }): Promise<AttentionList> {
  // First: when new referrals have stopped, the therapist reads why before anything else.
  const paused = await referralsPausedLines(database.db, config, actor.userId);
  const [row, ratings, care] = await Promise.all([
    therapistAttention(database.db, actor.userId),
    ratingsDueLine(database.db, actor.userId, 'therapist'),
    careAttentionLines(database.db, actor.userId, 'therapist'),
  ]);
  return {
    items: [
      ...paused,
      ...line('care_overdue', care.overdue.count, care.overdue.link),
      ...line('care_due_soon', care.dueSoon.count, care.dueSoon.link),
      ...line('visits_today', row.visits_today, row.visits_today === 1 ? `/dashboard/therapist/visits/${row.first_visit_today}` : '/dashboard/therapist/schedule'),
      ...line('notes_due', row.notes_due, row.notes_due === 1 ? `/dashboard/therapist/visits/${row.first_note_due}` : '/dashboard/therapist/schedule?filter=needs-notes'),
      ...line(
        'offers_expiring',
        row.offers_expiring,
        row.offers_expiring === 1 ? `/dashboard/therapist/referrals/${row.first_offer_expiring}` : '/dashboard/therapist/referrals',
      ),
      ...line('ratings_due', ratings.count, ratings.link),
    ],
  };
}

export async function getManagerAttention({ database }: Deps): Promise<AttentionList> {
  const [row, undelivered, expiring] = await Promise.all([
    marketplaceAttention(database.db),
    countUndeliveredMessages(database),
    countUrgentExpiringCredentials(database.db),
  ]);
  return {
    items: [
      ...line('signups_to_review', row.signups, '/dashboard/admin/signups?status=pending'),
      // The review itself happens in the panel on the admin dashboard.
      ...line('credential_changes_to_review', row.credential_changes, '/dashboard/admin#credential-changes-title'),
      ...line('credentials_to_verify', row.credentials_to_verify, '/dashboard/admin/credentials'),
      ...line('therapists_suspended', row.suspended_therapists, '/dashboard/admin/exclusions'),
      ...line('undelivered_messages', undelivered, '/dashboard/admin/undelivered'),
      ...line('credentials_expiring', expiring, '/dashboard/admin/expiring-credentials'),
    ],
  };
}
