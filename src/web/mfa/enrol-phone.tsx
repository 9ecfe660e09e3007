import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { enrolFactorSchema } from '../../domain/mfa';
import { ApiError } from '../api/client';
import { useChallengeFactor, useEnrolFactor, useRemoveFactor, useVerifyFactor } from '../api/mfa';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { ChallengeForm } from './challenge-form';
import { EnrolNameError, enrolFailure } from './enrol-errors';
import type { EnrolDone } from './enrol-totp';
import { SendCodeStatus } from './send-code-status';

const detailsSchema = enrolFactorSchema.options[1].omit({ factorType: true });

interface PhoneEnrolment {
  id: string;
  friendlyName: string;
  lastDigits: string;
  /** Missing when the first text could not be sent; the user can ask again. */
  challengeId?: string;
  sendError?: Error;
}

/** Adding a phone: name and number, then the code we text to it. */
export function EnrolPhone({ onDone, onCancel }: { onDone: (done: EnrolDone) => void; onCancel: () => void }) {
  const [enrolled, setEnrolled] = useState<PhoneEnrolment>();
  const remove = useRemoveFactor();

  // An abandoned enrolment would keep its name taken and sit in the list unverified.
  const cancel = () => {
    if (enrolled) remove.mutate(enrolled.id);
    onCancel();
  };

  return (
    <section aria-labelledby="enrol-phone-title" className="rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="enrol-phone-title" className="text-lg font-semibold text-slate-900">
        Add phone
      </h2>
      {enrolled ? <CodeStep enrolled={enrolled} onDone={onDone} onCancel={cancel} /> : <DetailsStep onEnrolled={setEnrolled} onCancel={cancel} />}
    </section>
  );
}

function DetailsStep({ onEnrolled, onCancel }: { onEnrolled: (factor: PhoneEnrolment) => void; onCancel: () => void }) {
  const enrol = useEnrolFactor();
  const challenge = useChallengeFactor();
  const [failure, setFailure] = useState<unknown>();
  const { register, handleSubmit, setError, formState } = useForm({
    resolver: zodResolver(detailsSchema),
    defaultValues: { friendlyName: '', phone: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async ({ friendlyName, phone }) => {
    setFailure(undefined);
    try {
      const factor = await enrol.mutateAsync({ factorType: 'phone', friendlyName, phone });
      const enrolled = { id: factor.id, friendlyName, lastDigits: phone.slice(-4) };
      // The phone is saved either way; a failed text can be sent again from the next step.
      await challenge.mutateAsync(factor.id).then(
        ({ id }) => onEnrolled({ ...enrolled, challengeId: id }),
        (sendError: Error) => onEnrolled({ ...enrolled, sendError }),
      );
    } catch (error) {
      const field = enrolFailure(error);
      if (field) return setError(field.name, { type: 'server', message: field.message }, { shouldFocus: true });
      setFailure(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Your phone" className="mt-4 space-y-4">
      {failure !== undefined && <EnrolNameError error={failure} />}
      <TextField label="Name" hint="So you can tell your factors apart, e.g. Work phone." autoComplete="off" autoFocus error={errors.friendlyName?.message} {...register('friendlyName')} />
      <TextField
        label="Mobile number"
        hint="US numbers may leave out +1. We text a code to it each time you verify."
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending code…' : 'Send code'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function CodeStep({ enrolled, onDone, onCancel }: { enrolled: PhoneEnrolment; onDone: (done: EnrolDone) => void; onCancel: () => void }) {
  const challenge = useChallengeFactor();
  const verify = useVerifyFactor();
  const [challengeId, setChallengeId] = useState(enrolled.challengeId);
  const [sends, setSends] = useState(enrolled.challengeId ? 1 : 0);

  const send = () =>
    challenge.mutate(enrolled.id, {
      onSuccess: ({ id }) => {
        setChallengeId(id);
        setSends((n) => n + 1);
      },
    });

  return (
    <div className="mt-4 space-y-4">
      <SendCodeStatus to={`••• ••• ${enrolled.lastDigits}`} sends={sends} error={challenge.error ?? enrolled.sendError} />
      <ChallengeForm
        kind="sms"
        label="Confirm your phone"
        autoFocus
        onCode={async (code) => {
          if (!challengeId) throw new ApiError(400, 'VALIDATION', 'Send a code first.');
          const result = await verify.mutateAsync({ factorId: enrolled.id, challengeId, code });
          onDone({ friendlyName: enrolled.friendlyName, backupCodes: result.backupCodes });
        }}
      >
        <Button variant="secondary" onClick={send} disabled={challenge.isPending}>
          {challenge.isPending ? 'Sending…' : 'Send a new code'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </ChallengeForm>
    </div>
  );
}
