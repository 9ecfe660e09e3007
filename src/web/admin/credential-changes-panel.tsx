import { useState } from 'react';
import { credentialFieldLabels, credentialFields, type CredentialChangeItem } from '../../domain/credential-changes';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField } from '../ui/field';
import { ErrorState, Loading } from '../ui/states';
import { useCredentialChanges, useReviewCredentialChange } from './use-credential-changes';

/**
 * Credentials (NPI, license) changed after an account was approved. Until a manager approves a
 * change the account is matched on the approved credential, shown here beside the new one.
 */
export function CredentialChangesPanel({ onReviewed }: { onReviewed: (text: string, tone: 'success' | 'error') => void }) {
  const changes = useCredentialChanges();
  return (
    <section aria-labelledby="credential-changes-title" className="space-y-3 rounded-xl border border-slate-200 p-4">
      <h2 id="credential-changes-title" className="text-lg font-semibold text-slate-900">
        Credential changes awaiting review
      </h2>
      {changes.isPending && <Loading label="Loading credential changes…" />}
      {changes.isError && (
        <ErrorState
          message={changes.error.message || 'The credential changes could not be loaded.'}
          action={
            <Button variant="secondary" onClick={() => void changes.refetch()}>
              Try again
            </Button>
          }
        />
      )}
      {changes.data?.items.length === 0 && <p className="text-sm text-slate-600">No credential changes are waiting.</p>}
      {changes.data && changes.data.items.length > 0 && (
        <ul className="divide-y divide-slate-200">
          {changes.data.items.map((item) => (
            <CredentialChangeRow key={item.id} item={item} onReviewed={onReviewed} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CredentialChangeRow({ item, onReviewed }: { item: CredentialChangeItem; onReviewed: (text: string, tone: 'success' | 'error') => void }) {
  const review = useReviewCredentialChange();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string>();

  const decide = (decision: 'approve' | 'reject') => {
    setFailure(undefined);
    review.mutate(
      { id: item.id, decision, reason },
      {
        onSuccess: () => onReviewed(`${item.name}'s credential change is ${decision === 'approve' ? 'approved' : 'rejected'}.`, 'success'),
        onError: (error) => setFailure(error.message),
      },
    );
  };

  return (
    <li className="space-y-3 py-3" aria-label={`Credential change for ${item.name}`}>
      <p className="font-medium text-slate-900">
        {item.name} <span className="text-sm font-normal text-slate-600">({item.email})</span>
      </p>
      <table className="w-full max-w-2xl text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Credential
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Approved
            </th>
            <th scope="col" className="py-1 font-medium">
              Submitted
            </th>
          </tr>
        </thead>
        <tbody>
          {credentialFields.map((field) => (
            <tr key={field}>
              <th scope="row" className="py-1 pr-4 font-normal text-slate-600">
                {credentialFieldLabels[field]}
              </th>
              <td className="py-1 pr-4 text-slate-800">{item.approved?.[field] || '—'}</td>
              <td className={item.changedFields.includes(field) ? 'py-1 font-semibold text-amber-800' : 'py-1 text-slate-800'}>{item.submitted[field]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {failure && <FormAlert>{failure}</FormAlert>}
      {rejecting && (
        <TextAreaField label="Reason for rejecting" rows={2} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
      )}
      <div className="flex gap-2">
        {!rejecting && (
          <Button size="sm" onClick={() => decide('approve')} disabled={review.isPending} aria-label={`Approve change for ${item.name}`}>
            Approve change
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => (rejecting ? decide('reject') : setRejecting(true))}
          disabled={review.isPending}
          aria-label={`Reject change for ${item.name}`}
        >
          Reject change
        </Button>
      </div>
    </li>
  );
}
