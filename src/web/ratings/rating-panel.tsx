import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Clock } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { periodLabel, RATING_COMMENT_MAX, ratingInputSchema, type ReferralRatings } from '../../domain/ratings';
import { applyServerErrors } from '../api/forms';
import { useRateReferralParty, useReferralRatings } from '../api/ratings';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField } from '../ui/field';
import { ErrorState, Loading } from '../ui/states';
import { formatDay } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { StarRatingField, StarScore } from './star-rating-field';

/**
 * The ratings card of a referral page, for its agency and its matched therapist: the form when a
 * rating of the other side is due ("Rate Dana Reyes"), each rating the viewer gave (with when the
 * other side will see it, while hidden), and each rating they received once it is visible. Nothing
 * shows while there is nothing to rate or read.
 */
export function RatingPanel({ referralId }: { referralId: string }) {
  const ratings = useReferralRatings(referralId);
  const { hash } = useLocation();
  const loaded = ratings.isSuccess;
  // A prompt's link (…/referrals/:id#rating-0) lands on the card, which exists only once loaded.
  useEffect(() => {
    if (loaded && hash.startsWith('#rating-')) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [loaded, hash]);
  if (ratings.isPending) return <Loading label="Loading ratings…" />;
  if (ratings.isError)
    return (
      <ErrorState
        message={`We could not load the ratings. ${ratings.error.message}`}
        action={
          <Button variant="secondary" onClick={() => void ratings.refetch()}>
            Try again
          </Button>
        }
      />
    );
  const data = ratings.data;
  if (data.due === null && data.given.length === 0 && data.received.length === 0) return null;
  return (
    <section aria-labelledby="ratings-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="ratings-title" className="text-xl font-semibold text-slate-900">
        Ratings
      </h2>
      {data.due !== null && <RatingForm referralId={referralId} ratings={data} period={data.due} />}
      <GivenRatings ratings={data} />
      <ReceivedRatings ratings={data} />
    </section>
  );
}

// A radio's value reaches the form as a string ("4"), and react-hook-form applies no setValueAs to
// radios: the shared score rule is applied to its number.
const formSchema = ratingInputSchema
  .omit({ period: true })
  .extend({ score: z.preprocess((value) => (value === null || value === undefined || value === '' ? undefined : Number(value)), ratingInputSchema.shape.score) });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

function RatingForm({ referralId, ratings, period }: { referralId: string; ratings: ReferralRatings; period: number }) {
  const rate = useRateReferralParty(referralId);
  const [failure, setFailure] = useState<string>();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: { comment: '' } });
  const { errors } = form.formState;
  const name = ratings.otherParty.name;
  const score = useWatch({ control: form.control, name: 'score' });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await rate.mutateAsync({ period, score: values.score, comment: values.comment });
    } catch (error) {
      setFailure(applyServerErrors(error, form.setError, ['score', 'comment']));
    }
  });

  return (
    <form
      id={`rating-${period}`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`rate-title-${period}`}
      className="scroll-mt-24 space-y-4 rounded-xl border border-brand-200 bg-brand-50 p-4"
    >
      <div>
        <h3 id={`rate-title-${period}`} className="text-base font-semibold break-words text-slate-900">
          Rate {name}
        </h3>
        <p className="text-sm text-slate-700">
          How was working with {name} over {periodLabel(period)}? {name} sees your rating only once they rate you too, or after 14 days.
        </p>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <StarRatingField
        legend={`Your rating of ${name}`}
        value={score === null || score === undefined || score === '' ? undefined : Number(score)}
        error={errors.score?.message}
        registration={form.register('score')}
      />
      <TextAreaField label="Comment" optional maxLength={RATING_COMMENT_MAX} hint={`Up to ${RATING_COMMENT_MAX} characters. Do not include patient details.`} error={errors.comment?.message} {...form.register('comment')} />
      <Button type="submit" disabled={rate.isPending}>
        {rate.isPending ? 'Saving…' : 'Save rating'}
      </Button>
    </form>
  );
}

function GivenRatings({ ratings }: { ratings: ReferralRatings }) {
  const zone = useTimeZone();
  const name = ratings.otherParty.name;
  if (ratings.given.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">Your rating of {name}</h3>
      <ul className="space-y-3">
        {ratings.given.map((rating) => (
          <li key={rating.period} id={`rating-${rating.period}`} className="space-y-1 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-600">For {periodLabel(rating.period)}</p>
            <StarScore score={rating.score} />
            {rating.comment && <p className="text-sm whitespace-pre-line break-words text-slate-800">{rating.comment}</p>}
            <p className="flex items-start gap-2 text-sm text-slate-700" role="status">
              {rating.shown ? (
                <>
                  <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                  {name} can see this rating.
                </>
              ) : (
                <>
                  <Clock className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                  Your rating is saved. It will be shown when {name} rates too, or on {formatDay(rating.shownBy, zone)}.
                </>
              )}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReceivedRatings({ ratings }: { ratings: ReferralRatings }) {
  const name = ratings.otherParty.name;
  if (ratings.received.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-base font-semibold text-slate-900">{name}’s rating of you</h3>
      <ul className="space-y-3">
        {ratings.received.map((rating) => (
          <li key={rating.period} className="space-y-1 rounded-lg border border-slate-200 p-3">
            <p className="text-sm text-slate-600">For {periodLabel(rating.period)}</p>
            <StarScore score={rating.score} />
            {rating.comment && <p className="text-sm whitespace-pre-line break-words text-slate-800">{rating.comment}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
