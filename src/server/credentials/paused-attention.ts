import type { AttentionItem } from '../../domain/attention';
import { fixLinkOf, type StandingProblem } from '../../domain/work-standing';
import type { Db } from '../db/client';
import { referralsPausedFor, type StandingConfig } from './standing';

/**
 * The therapist's "Needs your attention" lines when new referrals have stopped: one naming the
 * credentials (or the suspension), one naming the late notes, each leading to where it is fixed.
 */
export async function referralsPausedLines(db: Db, config: StandingConfig, therapistId: string): Promise<AttentionItem[]> {
  const problems = await referralsPausedFor(db, config, therapistId);
  const credentials = problems.filter((problem) => problem.kind !== 'late_notes');
  const notes = problems.filter((problem) => problem.kind === 'late_notes');
  const line = (kind: AttentionItem['kind'], found: StandingProblem[]): AttentionItem[] =>
    found.length === 0
      ? []
      : [{ kind, count: found.length, label: `No new referrals: ${found.map((problem) => problem.message).join('; ')}`, link: fixLinkOf(found[0]!) }];
  return [...line('offers_paused_credentials', credentials), ...line('offers_paused_notes', notes)];
}
