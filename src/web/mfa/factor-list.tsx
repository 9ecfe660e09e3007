import { MessageSquareText, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { isMfaRequired, useRemoveFactor, type Factor } from '../api/mfa';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/field';
import { MfaRequiredNotice } from './mfa-required-notice';

export function factorDescription(factor: Pick<Factor, 'factorType' | 'phone'>): string {
  return factor.factorType === 'totp' ? 'Authenticator app' : `Text message to ${factor.phone ?? 'your phone'}`;
}

function StatusBadge({ status }: { status: Factor['status'] }) {
  return (
    <span
      className={cn(
        'rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        status === 'verified' ? 'bg-green-100 text-green-900 ring-green-300' : 'bg-yellow-100 text-yellow-900 ring-yellow-300',
      )}
    >
      {status === 'verified' ? 'Verified' : 'Not verified'}
    </span>
  );
}

/** The user's factors, each with Remove behind a confirmation. */
export function FactorList({ factors, onRemoved }: { factors: Factor[]; onRemoved: (name: string) => void }) {
  const [removing, setRemoving] = useState<Factor>();
  const remove = useRemoveFactor();
  const verifiedCount = factors.filter((f) => f.status === 'verified').length;

  if (factors.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
        You have not added a second factor yet. Add an authenticator app or a phone below to protect your account.
      </p>
    );
  }

  const close = () => {
    setRemoving(undefined);
    remove.reset();
  };
  const confirm = () => {
    if (!removing) return;
    const { id, friendlyName } = removing;
    remove.mutate(id, {
      onSuccess: () => {
        close();
        onRemoved(friendlyName);
      },
    });
  };
  const lastVerified = removing?.status === 'verified' && verifiedCount === 1;

  return (
    <>
      <ul aria-label="Your second factors" className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {factors.map((factor) => {
          const Icon = factor.factorType === 'totp' ? Smartphone : MessageSquareText;
          return (
            <li key={factor.id} className="flex flex-wrap items-center gap-3 p-4 sm:p-5">
              <Icon className="size-6 shrink-0 text-brand-700" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 font-semibold break-words text-slate-900">
                  {factor.friendlyName}
                  <StatusBadge status={factor.status} />
                </p>
                <p className="text-sm text-slate-600">{factorDescription(factor)}</p>
              </div>
              <Button variant="secondary" size="sm" onClick={() => setRemoving(factor)} aria-label={`Remove ${factor.friendlyName}`}>
                Remove
              </Button>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={removing !== undefined}
        onOpenChange={(open) => !open && close()}
        title={`Remove “${removing?.friendlyName ?? ''}”?`}
        description={
          lastVerified
            ? 'This is your only verified factor: your account will no longer ask for a second factor, and your backup codes will stop working.'
            : 'You will no longer be able to verify with it.'
        }
      >
        <div className="space-y-4">
          {remove.isError && (isMfaRequired(remove.error) ? <MfaRequiredNotice /> : <FormAlert>{remove.error.message}</FormAlert>)}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button onClick={confirm} disabled={remove.isPending}>
              {remove.isPending ? 'Removing…' : 'Remove'}
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
