import { patientInputSchema } from '../../domain/patients';
import { counterSchema, referralInputSchema, respondSchema } from '../../domain/referrals';
import { savePatient } from '../patients/service';
import { confirmResponse, counterResponse, createReferral, expireReferral } from '../referrals/service';
import { respondToReferral } from '../referrals/therapist-service';
import type { Caller } from '../use-case';
import type { StoryDeps } from './demo-deps';
import type { DemoStory } from './demo-story';
import { DAY, HOUR, MINUTE } from './demo-times';
import { playVisit } from './play-visit';
import { referralTimePasses } from './time-passes';

/** The demo people a story needs, by key (each looked up once per run). */
export interface StoryCast {
  person(key: string): Promise<Caller>;
  manager: Caller;
}

/**
 * Plays one story through the referral, patient and visit use cases, each step by the person who
 * takes it: the agency posts, therapists answer, the agency counters or confirms and adds the
 * patient; the job's own use case expires what nobody took. Between steps, time passes
 * (time-passes.ts) so answers come minutes after posting and the story began when it says.
 */
export async function playStory(deps: StoryDeps, story: DemoStory, cast: StoryCast, now: Date): Promise<{ referralId: string; visits: number }> {
  const { db } = deps.database;
  const agency = await cast.person(story.agency);
  const { startInDays, ...fields } = story.referral;
  const input = referralInputSchema.parse({ ...fields, startBy: new Date(now.getTime() + startInDays * DAY).toISOString().slice(0, 10) });
  const posted = await createReferral(deps, { ...agency, input, post: true });
  const referralId = posted.id;

  let minutesSincePosting = 0;
  const letMinutesPass = async (untilMinute: number) => {
    await referralTimePasses(db, referralId, (untilMinute - minutesSincePosting) * MINUTE);
    minutesSincePosting = untilMinute;
  };

  const responseIds = new Map<string, string>();
  for (const answer of story.answers) {
    await letMinutesPass(answer.afterMinutes);
    const therapist = await cast.person(answer.therapist);
    const answered = await respondToReferral(deps, { ...therapist, referralId, response: respondSchema.parse(answer.response) });
    if (answered.myResponse) responseIds.set(answer.therapist, answered.myResponse.id);
  }
  const responseOf = (therapist: string) => {
    const id = responseIds.get(therapist);
    if (!id) throw new Error(`demo story ${story.key}: ${therapist} has no answer`);
    return id;
  };
  if (story.counter) {
    const { rates, note } = counterSchema.parse(story.counter);
    await counterResponse(deps, { ...agency, referralId, responseId: responseOf(story.counter.therapist), rates, note });
  }
  if (story.end.kind === 'confirmed') {
    await letMinutesPass(story.end.afterMinutes);
    await confirmResponse(deps, { ...agency, referralId, responseId: responseOf(story.end.therapist) });
  }
  await letMinutesPass(story.postedHoursAgo * 60);

  if (story.end.kind === 'expired' && !(await expireReferral(deps.database, referralId))) {
    throw new Error(`demo story ${story.key}: the referral did not expire`);
  }
  if (story.end.kind === 'open' && posted.expiresAt) {
    // Posting queued its expiry for the real clock; it now closes when its moved window does.
    const closes = new Date(Date.parse(posted.expiresAt) - story.postedHoursAgo * HOUR);
    await deps.jobs.send('expire-referral', { referralId }, { startAfter: closes });
  }

  const matchedWith = story.end.kind === 'confirmed' ? story.end.therapist : story.end.kind === 'instant' ? story.answers[0]?.therapist : undefined;
  if (!matchedWith || !story.patient) return { referralId, visits: 0 };
  await savePatient(deps, { ...agency, referralId, input: patientInputSchema.parse(story.patient) });

  const therapist = await cast.person(matchedWith);
  const visitCast = { agency, therapist, manager: cast.manager, therapistName: therapist.actor.name };
  const setting = {
    referralId,
    discipline: input.discipline,
    patientZip: story.patient.zip,
    patientName: `${story.patient.firstName} ${story.patient.lastName}`,
    timeZone: story.timeZone,
    returnMessage: story.returnMessage,
  };
  for (const visit of story.visits ?? []) await playVisit(deps, setting, visitCast, visit, now);
  return { referralId, visits: story.visits?.length ?? 0 };
}
