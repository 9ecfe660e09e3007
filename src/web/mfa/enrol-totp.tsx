import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { enrolFactorSchema } from '../../domain/mfa';
import { useEnrolFactor, useRemoveFactor, type EnrolledFactor } from '../api/mfa';
import { Button } from '../ui/button';
import { FormAlert, TextField } from '../ui/field';
import { ChallengeForm } from './challenge-form';
import { EnrolNameError, enrolFailure } from './enrol-errors';
import { useTotpCheck } from './use-code-check';

const nameSchema = enrolFactorSchema.options[0].omit({ factorType: true });

export interface EnrolDone {
  friendlyName: string;
  backupCodes?: string[];
}

/** Adding an authenticator app: name it, scan the QR code (or type the key), prove it with a code. */
export function EnrolTotp({ onDone, onCancel }: { onDone: (done: EnrolDone) => void; onCancel: () => void }) {
  const [enrolled, setEnrolled] = useState<EnrolledFactor & { friendlyName: string }>();
  const remove = useRemoveFactor();

  // An abandoned enrolment would keep its name taken and sit in the list unverified.
  const cancel = () => {
    if (enrolled) remove.mutate(enrolled.id);
    onCancel();
  };

  return (
    <section aria-labelledby="enrol-totp-title" className="rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="enrol-totp-title" className="text-lg font-semibold text-slate-900">
        Add authenticator app
      </h2>
      {enrolled?.totp ? (
        <ScanStep enrolled={{ ...enrolled, totp: enrolled.totp }} onDone={onDone} onCancel={cancel} />
      ) : (
        <NameStep onEnrolled={setEnrolled} onCancel={cancel} />
      )}
    </section>
  );
}

function NameStep({ onEnrolled, onCancel }: { onEnrolled: (factor: EnrolledFactor & { friendlyName: string }) => void; onCancel: () => void }) {
  const enrol = useEnrolFactor();
  const [failure, setFailure] = useState<unknown>();
  const { register, handleSubmit, setError, formState } = useForm({ resolver: zodResolver(nameSchema), defaultValues: { friendlyName: '' } });

  const onSubmit = handleSubmit(async ({ friendlyName }) => {
    setFailure(undefined);
    try {
      onEnrolled({ ...(await enrol.mutateAsync({ factorType: 'totp', friendlyName })), friendlyName });
    } catch (error) {
      const field = enrolFailure(error);
      if (field?.name === 'friendlyName') return setError('friendlyName', { type: 'server', message: field.message }, { shouldFocus: true });
      setFailure(error);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Name your authenticator app" className="mt-4 space-y-4">
      {failure !== undefined && <EnrolNameError error={failure} />}
      <TextField
        label="Name"
        hint="So you can tell your factors apart, e.g. My phone."
        autoComplete="off"
        autoFocus
        error={formState.errors.friendlyName?.message}
        {...register('friendlyName')}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Setting up…' : 'Continue'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  enrolled,
  onDone,
  onCancel,
}: {
  enrolled: EnrolledFactor & { friendlyName: string; totp: NonNullable<EnrolledFactor['totp']> };
  onDone: (done: EnrolDone) => void;
  onCancel: () => void;
}) {
  const check = useTotpCheck(enrolled.id);
  const [copied, setCopied] = useState<boolean>();
  const intro = useRef<HTMLParagraphElement>(null);
  useEffect(() => intro.current?.focus(), []);

  const copy = () =>
    navigator.clipboard.writeText(enrolled.totp.secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );

  return (
    <div className="mt-4 space-y-5">
      <p ref={intro} tabIndex={-1} className="text-sm text-slate-700 focus:outline-none">
        Scan this QR code with your authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password), then
        enter the 6-digit code it shows.
      </p>
      <img src={enrolled.totp.qrCode} alt="QR code for your authenticator app" width={200} height={200} className="size-50 rounded-lg ring-1 ring-slate-200" />
      <div className="space-y-2">
        <TextField
          label="Can’t scan it? Enter this setup key"
          readOnly
          value={enrolled.totp.secret}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs sm:text-sm"
        />
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied ? 'Key copied' : 'Copy key'}
        </Button>
        {copied === false && <FormAlert>Could not copy. Select the key and copy it yourself.</FormAlert>}
      </div>
      <ChallengeForm
        kind="totp"
        label="Confirm your authenticator app"
        onCode={async (code) => {
          const result = await check(code);
          onDone({ friendlyName: enrolled.friendlyName, backupCodes: result.backupCodes });
        }}
      >
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </ChallengeForm>
    </div>
  );
}
