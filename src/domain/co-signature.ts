import type { Discipline } from './accounts';

/**
 * Co-signature of an assistant's note (issue 15, "Assistant supervision"): the supervising PT
 * co-signs a PTA's signed note, the supervising OT a COTA's. The referral records no named
 * supervisor, so the supervising therapist of a referral is defined here as: a therapist, other
 * than the note's author, who takes part in the referral's care (its matched therapist or the
 * therapist of one of its visits) and holds on their profile the discipline that supervises the
 * note's assistant discipline, which is also the referral's discipline (PT for a PTA's note on a
 * PT referral). Their licence was checked when their profile was approved.
 */

/** The discipline that supervises each assistant discipline; null for a discipline that needs no supervisor. */
export const supervisorOf: Readonly<Record<Discipline, Discipline | null>> = { PT: null, OT: null, ST: null, PTA: 'PT', COTA: 'OT' };

export type CoSignRefusal = 'not_signed' | 'not_assistant_note' | 'own_note' | 'wrong_discipline' | 'already_co_signed';

export interface CoSignCase {
  /** The note's status: only a signed (or approved) version can be co-signed. */
  noteStatus: string;
  noteCoSigned: boolean;
  /** The discipline the note's author did the visit as. */
  noteDiscipline: Discipline;
  referralDiscipline: string;
  noteAuthorId: string;
  coSignerId: string;
  coSignerDisciplines: readonly Discipline[];
}

/** Why `coSignerId` may not co-sign this note, or null when they may. Checked in the order a user would fix them. */
export function coSignRefusal(c: CoSignCase): CoSignRefusal | null {
  if (c.noteStatus !== 'signed' && c.noteStatus !== 'approved') return 'not_signed';
  const supervisor = supervisorOf[c.noteDiscipline];
  if (supervisor === null) return 'not_assistant_note';
  if (c.noteAuthorId === c.coSignerId) return 'own_note';
  if (supervisor !== c.referralDiscipline || !c.coSignerDisciplines.includes(supervisor)) return 'wrong_discipline';
  if (c.noteCoSigned) return 'already_co_signed';
  return null;
}

export const coSignRefusalMessages: Readonly<Record<CoSignRefusal, string>> = {
  not_signed: 'Only a signed note can be co-signed.',
  not_assistant_note: 'Only an assistant’s (PTA’s or COTA’s) note is co-signed.',
  own_note: 'You cannot co-sign your own note.',
  wrong_discipline: 'Only the supervising therapist co-signs: a PT for a PTA’s note, an OT for a COTA’s.',
  already_co_signed: 'This note is already co-signed.',
};
