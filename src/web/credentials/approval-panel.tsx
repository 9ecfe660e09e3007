import { useState, type FormEvent } from 'react';
import type { TherapistCredentialsReview } from '../../domain/credential-views';
import { ApiError } from '../api/client';
import { useApproveTherapist } from '../api/credentials';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField } from '../ui/field';

/**
 * Approving a therapist who is awaiting review, under their credentials and checks: with every
 * required credential verified it is one click; otherwise only with a reason, which is kept in the
 * approval's audit record with what was missing.
 */
export function ApprovalPanel({ review }: { review: TherapistCredentialsReview }) {
  const approve = useApproveTherapist();
  const [reason, setReason] = useState('');
  const error = approve.error instanceof ApiError ? approve.error : undefined;
  // After approving, the refreshed review says 'approved': the confirmation stays until the page is left.
  if (review.therapist.status !== 'pending' && !approve.isSuccess) return null;
  const complete = review.missing.length === 0;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    approve.mutate({ therapistId: review.therapist.id, override: complete ? undefined : { reason } });
  };

  return (
    <section aria-labelledby="approval-heading" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="approval-heading" className="text-lg font-semibold text-slate-900">
        Approve {review.therapist.name}
      </h2>
      {approve.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-green-800">
          Approved. We have emailed them.
        </p>
      ) : (
        <form onSubmit={onSubmit} className="mt-2 space-y-3" noValidate>
          {complete ? (
            <p className="text-sm text-slate-700">Every required credential is verified.</p>
          ) : (
            <>
              <p className="text-sm text-slate-700">Not every required credential is verified. To approve anyway, say why; the reason is kept with the approval.</p>
              <TextAreaField label="Reason for approving without them" value={reason} onChange={(event) => setReason(event.target.value)} error={error?.fields.reason} />
            </>
          )}
          {error && !error.fields.reason && <FormAlert>{error.message}</FormAlert>}
          <Button type="submit" disabled={approve.isPending}>
            {complete ? 'Approve' : 'Approve without them'}
          </Button>
        </form>
      )}
    </section>
  );
}
