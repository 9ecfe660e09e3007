import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckBig, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { inquirerTypeLabels, inquirerTypes, leadSchema, type Lead, type LeadInput } from '../../domain/inquiries';
import { support } from '../../domain/site';
import { applyServerErrors } from '../api/forms';
import { useCreateLead } from '../api/inquiries';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FormAlert, SelectField, TextAreaField, TextField } from '../ui/field';

const leadFields = ['name', 'email', 'organisation', 'role', 'message'] as const;

/**
 * The slide-in lead form: a non-modal dialog in the corner (a bottom sheet on phones) that leaves the
 * rest of the page usable. Its own chunk (the form, its schema and react-hook-form), loaded by
 * LeadFormPanel when it opens.
 */
export function LeadFormDialog({ close, markSent }: { close: () => void; markSent: () => void }) {
  const [sent, setSent] = useState(false);
  // On a phone the panel starts as a one-line bar so it does not hide the page's own calls to action.
  const [expanded, setExpanded] = useState(false);
  const formId = useId();
  return (
    <div
      role="dialog"
      aria-label="Talk to our staffing team"
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      className="fixed inset-x-0 bottom-0 z-30 max-h-[85vh] overflow-y-auto rounded-t-2xl border border-slate-200 bg-white p-4 shadow-2xl transition duration-500 ease-out starting:translate-y-full starting:opacity-0 motion-reduce:transition-none sm:inset-x-auto sm:right-6 sm:bottom-6 sm:max-h-[calc(100vh-7rem)] sm:w-[24rem] sm:rounded-2xl sm:p-6"
    >
      <button
        type="button"
        onClick={close}
        aria-label="Close"
        className="absolute top-3 right-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <X className="size-5" aria-hidden />
      </button>
      {sent ? (
        <ThankYou onDone={close} />
      ) : (
        <>
          <div className="flex items-center gap-3 pr-9 sm:block">
            <div className="min-w-0 flex-1">
              <h2 className="font-semibold text-slate-900 sm:text-lg">Talk to our staffing team</h2>
              <p className={cn('mt-1 text-sm text-slate-600', !expanded && 'hidden sm:block')}>
                Leave your details and we will get back to you within {support.replyWithin}.
              </p>
            </div>
            {!expanded && (
              <Button size="sm" aria-expanded={false} aria-controls={formId} onClick={() => setExpanded(true)} className="shrink-0 sm:hidden">
                Get in touch
              </Button>
            )}
          </div>
          <div id={formId} className={cn(!expanded && 'hidden sm:block')}>
            <LeadForm
              focusFirstField={expanded}
              onSent={() => {
                markSent();
                setSent(true);
              }}
            />
          </div>
        </>
      )}
    </div>
  );
}

function LeadForm({ onSent, focusFirstField }: { onSent: () => void; focusFirstField: boolean }) {
  const createLead = useCreateLead();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<LeadInput, unknown, Lead>({
    resolver: zodResolver(leadSchema),
    defaultValues: { name: '', email: '', organisation: '', message: '' },
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => {
    if (focusFirstField) setFocus('name');
  }, [focusFirstField, setFocus]);

  const onSubmit = handleSubmit(async (lead) => {
    setFailure(undefined);
    try {
      await createLead.mutateAsync(lead);
      onSent();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, leadFields));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Request information" className="mt-4 space-y-3">
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      </div>
      <TextField label="Organization" autoComplete="organization" error={errors.organisation?.message} {...register('organisation')} />
      <SelectField label="I am a" defaultValue="" error={errors.role?.message} {...register('role')}>
        <option value="" disabled>
          Choose one
        </option>
        {inquirerTypes.map((type) => (
          <option key={type} value={type}>
            {inquirerTypeLabels[type]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Message" optional rows={2} className="min-h-16!" error={errors.message?.message} {...register('message')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send'}
      </Button>
    </form>
  );
}

function ThankYou({ onDone }: { onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The submit button that had focus is gone; move focus to the confirmation so it is announced.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="py-2 text-center" role="status">
      <CircleCheckBig className="mx-auto size-10 text-brand-700" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="mt-3 text-lg font-semibold text-slate-900 focus:outline-none">
        Thank you!
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        We have your details and will be in touch within {support.replyWithin}.
      </p>
      <Button variant="secondary" className="mt-4" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}
