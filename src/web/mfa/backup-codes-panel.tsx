import { Check, Copy, Download, KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isMfaRequired, useRegenerateBackupCodes } from '../api/mfa';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/field';
import { MfaRequiredNotice } from './mfa-required-notice';

/**
 * Backup codes straight after they were made: the only time the server hands them out. The user
 * copies or downloads them and says so before the panel goes away.
 */
export function NewBackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = `CareRelay backup codes. Each code works once.\n\n${codes.join('\n')}\n`;

  // Moved to the panel so keyboard and screen reader users land on what just appeared.
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'carerelay-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="new-backup-codes-title" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 sm:p-6">
      <h2 id="new-backup-codes-title" ref={heading} tabIndex={-1} className="flex items-center gap-2 text-lg font-semibold text-slate-900 focus:outline-none">
        <KeyRound className="size-5 text-amber-800" aria-hidden />
        Save your backup codes
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        If you lose your phone, each of these codes lets you in once. This is the only time we show them: keep them somewhere safe,
        such as a password manager.
      </p>
      <ul aria-label="Backup codes" className="mt-4 grid grid-cols-1 gap-2 font-mono text-base text-slate-900 min-[400px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} className="rounded-md bg-white px-3 py-1.5 text-center ring-1 ring-amber-200">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied === 'copied' ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="size-4" aria-hidden />
          Download .txt
        </Button>
        <Button onClick={onDone}>I have saved these codes</Button>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-700">
        {copied === 'copied' && 'The codes are on your clipboard.'}
        {copied === 'failed' && 'Could not copy. Select the codes and copy them yourself, or download them.'}
      </p>
    </section>
  );
}

/** How many backup codes are left, and a way to replace them all (needs a verified session). */
export function BackupCodesSection({ unused, verifiedSession, onNewCodes }: { unused: number; verifiedSession: boolean; onNewCodes: (codes: string[]) => void }) {
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegenerateBackupCodes();

  const run = () =>
    regenerate.mutate(undefined, {
      onSuccess: ({ backupCodes }) => {
        setConfirming(false);
        onNewCodes(backupCodes);
      },
    });

  return (
    <section aria-labelledby="backup-codes-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="backup-codes-title" className="text-lg font-semibold text-slate-900">
        Backup codes
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {unused === 1 ? 'You have 1 unused backup code.' : `You have ${unused} unused backup codes.`} Use one when you cannot reach your
        phone.
      </p>
      {verifiedSession ? (
        <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
          Generate new codes
        </Button>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Verify this session with a second factor to generate new codes.</p>
      )}
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) regenerate.reset();
        }}
        title="Generate new backup codes?"
        description="Your current backup codes will stop working straight away."
      >
        <div className="space-y-4">
          {regenerate.isError &&
            (isMfaRequired(regenerate.error) ? <MfaRequiredNotice /> : <FormAlert>{regenerate.error.message}</FormAlert>)}
          <div className="flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={run} disabled={regenerate.isPending}>
              {regenerate.isPending ? 'Generating…' : 'Generate new codes'}
            </Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
