import { credentialKindNames } from '../../domain/credentials';
import { businessToday } from '../../domain/business-date';
import { verifiedBadge } from '../../domain/credentials';
import type { ProfileCredential, TherapistProfile } from '../../domain/therapist-profile';
import type { Actor } from '../auth/session';
import type { Database } from '../db/client';
import { ratingSummary } from '../ratings/summary';
import { therapistTrackRecord } from '../reliability/therapist-reliability';
import { profileNotFound, profileReader } from './policy';
import { agencyHasWorkedWith, currentCredentialsOf, findPublicProfile, historyTogether } from './queries';

interface Deps {
  database: Database;
  noteDueHours: number;
}

/** Only a license's number and the NPI are shown; insurance policy and other numbers are not the agency's to read. */
const NUMBER_SHOWN = new Set(['state_license', 'npi']);

/**
 * GET /api/therapists/:id/profile: what an agency judges a therapist by — verified credentials with
 * their dates, experience and the rest of the profile, the record on the platform with its parts,
 * the rating, and the agency's own history with them. Another agency's therapist is a 404.
 */
export async function viewTherapistProfile(deps: Deps, { actor, therapistId, now = new Date() }: { actor: Actor; therapistId: string; now?: Date }): Promise<TherapistProfile> {
  const { db } = deps.database;
  const { agencyId } = profileReader(actor);
  if (agencyId !== null && !(await agencyHasWorkedWith(db, agencyId, therapistId))) throw profileNotFound();
  const profile = await findPublicProfile(db, therapistId);
  if (!profile) throw profileNotFound();

  const today = businessToday(now);
  const [credentials, record, rating, history] = await Promise.all([
    currentCredentialsOf(db, [therapistId], today),
    therapistTrackRecord(db, therapistId, { noteDueHours: deps.noteDueHours, now }),
    ratingSummary(db, therapistId, now),
    agencyId === null ? null : historyTogether(db, agencyId, therapistId),
  ]);
  const shown: ProfileCredential[] = credentials.map((credential) => ({
    kind: credential.kind,
    name: credentialKindNames[credential.kind],
    number: NUMBER_SHOWN.has(credential.kind) && credential.number ? credential.number : null,
    issuer: credential.issuer,
    compactPrivilege: credential.compactPrivilege,
    verifiedAt: credential.verifiedAt?.toISOString() ?? null,
    expiresOn: credential.expiresOn,
  }));
  const badge = verifiedBadge(
    credentials.map((credential) => ({ ...credential, verifiedAt: credential.verifiedAt?.toISOString() ?? null })),
    today,
  );
  return {
    ...profile,
    badge,
    credentials: shown,
    platform: {
      visitsCompleted: record.visitsCompleted,
      onTimeDocumentationRate: record.onTimeDocumentationRate,
      cancellationRate: record.cancellationRate,
    },
    reliability: record.reliability,
    rating,
    withYou: history && { ...history, lastVisitAt: history.lastVisitAt?.toISOString() ?? null },
  };
}
