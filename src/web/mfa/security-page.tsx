import { MessageSquareText, ShieldCheck, ShieldOff, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TimeZoneSection } from '../account/time-zone-section';
import { useFactors, type FactorsState } from '../api/mfa';
import { Button, ButtonLink } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';
import { BackupCodesSection, NewBackupCodes } from './backup-codes-panel';
import { EnrolPhone } from './enrol-phone';
import { EnrolTotp, type EnrolDone } from './enrol-totp';
import { FactorList } from './factor-list';
import { safeNext, securityPath, verifyPath } from './safe-next';

/** /dashboard/security: the session's assurance level, second factors and backup codes, and the account's time zone. */
export function SecurityPage() {
  const factors = useFactors();
  let content;
  if (factors.isPending) content = <Loading label="Loading your security settings…" />;
  else if (factors.isError)
    content = (
      <ErrorState
        message={factors.error.message}
        action={
          <Button variant="secondary" onClick={() => void factors.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else content = <SecuritySettings state={factors.data} />;

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6 sm:py-12">
      <PageMeta title="Security" description="Second factors, backup codes and the time zone of your CareRelay account." />
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Security</h1>
        <p className="text-slate-600">A second factor keeps your account safe even if someone learns your password.</p>
      </div>
      {content}
      <TimeZoneSection />
    </div>
  );
}

function SecuritySettings({ state }: { state: FactorsState }) {
  const [adding, setAdding] = useState<'totp' | 'phone'>();
  const [newCodes, setNewCodes] = useState<string[]>();
  const [notice, setNotice] = useState('');
  // Sent here mid-task (?next=…, from a two-step notice or the sign-in offer): once a factor is
  // added, the way back to that task.
  const [params] = useSearchParams();
  const returnTo = params.has('next') ? safeNext(params.get('next')) : undefined;
  const [added, setAdded] = useState(false);
  const hasVerified = state.nextLevel === 'aal2';

  const start = (kind: 'totp' | 'phone') => {
    setNotice('');
    setAdding(kind);
  };
  const enrolled = ({ friendlyName, backupCodes }: EnrolDone) => {
    setAdding(undefined);
    setNotice(`“${friendlyName}” is verified and ready to use.`);
    setAdded(true);
    if (backupCodes) setNewCodes(backupCodes);
  };

  return (
    <>
      <AssuranceLevel state={state} returnTo={returnTo} />
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {notice}
      </p>
      {newCodes && <NewBackupCodes codes={newCodes} onDone={() => setNewCodes(undefined)} />}
      {/* After the backup codes, which are shown only once, so leaving cannot skip them. */}
      {returnTo && added && !newCodes && <BackToTask to={returnTo} />}

      <section aria-labelledby="factors-title" className="space-y-4">
        <h2 id="factors-title" className="text-xl font-semibold text-slate-900">
          Second factors
        </h2>
        <FactorList factors={state.factors} onRemoved={(name) => setNotice(`“${name}” was removed.`)} />
        {adding === 'totp' && <EnrolTotp onDone={enrolled} onCancel={() => setAdding(undefined)} />}
        {adding === 'phone' && <EnrolPhone onDone={enrolled} onCancel={() => setAdding(undefined)} />}
        {!adding && (
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => start('totp')}>
              <Smartphone className="size-4" aria-hidden />
              Add authenticator app
            </Button>
            <Button variant="secondary" onClick={() => start('phone')}>
              <MessageSquareText className="size-4" aria-hidden />
              Add phone
            </Button>
          </div>
        )}
      </section>

      {hasVerified && (
        <BackupCodesSection unused={state.unusedBackupCodes} verifiedSession={state.aal === 'aal2'} onNewCodes={setNewCodes} />
      )}
    </>
  );
}

function BackToTask({ to }: { to: string }) {
  const message = useRef<HTMLParagraphElement>(null);
  // It replaces the enrolment form or the backup codes the keyboard was on.
  useEffect(() => message.current?.focus(), []);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-4 sm:flex-row sm:items-center sm:justify-between">
      <p ref={message} tabIndex={-1} className="text-green-900 focus:outline-none">
        Two-step verification is on. You can go back to what you were doing.
      </p>
      <ButtonLink to={to}>Back to where you were</ButtonLink>
    </div>
  );
}

function AssuranceLevel({ state, returnTo }: { state: FactorsState; returnTo: string | undefined }) {
  if (state.aal === 'aal2') {
    return (
      <p className="flex items-center gap-3 rounded-xl border border-green-200 bg-green-50 px-4 py-3 text-green-900">
        <ShieldCheck className="size-6 shrink-0" aria-hidden />
        This session is verified with a second factor
      </p>
    );
  }
  return (
    <div className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-950">
      <ShieldOff className="mt-0.5 size-6 shrink-0" aria-hidden />
      <div>
        <p className="font-medium">Not verified with a second factor</p>
        {state.nextLevel === 'aal2' ? (
          <p className="mt-1 text-sm">
            Verify this session before changing your factors.{' '}
            <Link to={verifyPath(returnTo ? securityPath(returnTo) : '/dashboard/security')} className="font-semibold text-brand-800 underline hover:no-underline">
              Verify now
            </Link>
          </p>
        ) : (
          <p className="mt-1 text-sm">Add an authenticator app or a phone below.</p>
        )}
      </div>
    </div>
  );
}
