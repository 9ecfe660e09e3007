import { useState, type FormEvent } from 'react';
import type { ReviewCredentialView } from '../../domain/credential-views';
import { credentialKindNames } from '../../domain/credentials';
import { ApiError } from '../api/client';
import { useReviewCredential } from '../api/credentials';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField, TextField } from '../ui/field';

/**
 * Verify (saying how: the board lookup URL, prefilled with the state board's, or the document) or
 * reject (with the reason the therapist reads) one credential awaiting verification.
 */
export function ReviewDecision({ credential }: { credential: ReviewCredentialView }) {
  const review = useReviewCredential();
  const [method, setMethod] = useState<'board_lookup' | 'document'>(credential.boardLookup ? 'board_lookup' : 'document');
  const [source, setSource] = useState(credential.boardLookup?.url ?? '');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const error = review.error instanceof ApiError ? review.error : undefined;
  const name = credentialKindNames[credential.kind];

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    review.mutate({ id: credential.id, decision: 'verify', input: { method, source: method === 'board_lookup' ? source : '' } });
  };
  const onReject = (event: FormEvent) => {
    event.preventDefault();
    review.mutate({ id: credential.id, decision: 'reject', reason });
  };

  if (rejecting) {
    return (
      <form onSubmit={onReject} className="space-y-3" noValidate>
        <TextAreaField label={`Why is this ${name} rejected?`} hint="The therapist reads this." value={reason} onChange={(event) => setReason(event.target.value)} error={error?.fields.reason} />
        {error && !error.fields.reason && <FormAlert>{error.message}</FormAlert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={review.isPending} className="bg-red-700 hover:bg-red-800">
            Reject {name}
          </Button>
          <Button variant="ghost" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={onVerify} className="space-y-3" noValidate>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-800">How did you verify it?</legend>
        {credential.boardLookup && (
          <label className="flex min-h-11 items-center gap-3 text-sm">
            <input type="radio" name={`method-${credential.id}`} className="size-5" checked={method === 'board_lookup'} onChange={() => setMethod('board_lookup')} />
            At the state board (lookup URL)
          </label>
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input type="radio" name={`method-${credential.id}`} className="size-5" checked={method === 'document'} onChange={() => setMethod('document')} />
          From the document
        </label>
      </fieldset>
      {method === 'board_lookup' && (
        <TextField label="Lookup URL" type="url" value={source} onChange={(event) => setSource(event.target.value)} error={error?.fields.source} />
      )}
      {error && !error.fields.source && <FormAlert>{error.message}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={review.isPending}>
          Verify {name}
        </Button>
        <Button variant="secondary" className="text-red-700 ring-red-200 hover:bg-red-50" onClick={() => setRejecting(true)}>
          Reject…
        </Button>
      </div>
    </form>
  );
}
