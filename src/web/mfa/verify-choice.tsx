import { useState, type ReactNode } from 'react';
import { useBackupCodeSignIn, type Factor } from '../api/mfa';
import { ChallengeForm } from './challenge-form';
import { factorDescription } from './factor-list';
import { PhoneChallenge, TotpChallenge } from './factor-challenge';

/** Default to an authenticator app: it needs no text message to arrive. */
function defaultFactor(factors: Factor[]): Factor {
  return factors.find((f) => f.factorType === 'totp') ?? factors[0]!;
}

/** Choosing among the user's verified factors, or a backup code, and proving it. */
export function VerifyChoice({ factors, onVerified }: { factors: Factor[]; onVerified: () => void }) {
  const [selectedId, setSelectedId] = useState(() => defaultFactor(factors).id);
  const [useBackup, setUseBackup] = useState(false);
  const backup = useBackupCodeSignIn();
  const selected = factors.find((f) => f.id === selectedId) ?? defaultFactor(factors);

  if (useBackup) {
    return (
      <section aria-labelledby="backup-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="backup-title" className="text-lg font-semibold text-slate-900">
          Use a backup code
        </h2>
        <ChallengeForm
          kind="backup"
          autoFocus
          onCode={async (code) => {
            await backup.mutateAsync(code);
            onVerified();
          }}
        />
        <TextButton onClick={() => setUseBackup(false)}>Use {selected.friendlyName} instead</TextButton>
      </section>
    );
  }

  return (
    <section aria-labelledby="factor-title" className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="factor-title" className="sr-only">
        Your second factor
      </h2>
      {factors.length > 1 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">Verify with</legend>
          {factors.map((factor) => (
            <label key={factor.id} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                name="factor"
                value={factor.id}
                checked={factor.id === selected.id}
                onChange={() => setSelectedId(factor.id)}
                className="mt-1 accent-brand-700"
              />
              <span className="min-w-0">
                <span className="block font-medium break-words text-slate-900">{factor.friendlyName}</span>
                <span className="block text-sm text-slate-600">{factorDescription(factor)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {factors.length === 1 && (
        <p className="text-sm text-slate-700">
          <span className="font-semibold text-slate-900">{selected.friendlyName}</span> · {factorDescription(selected)}
        </p>
      )}
      {selected.factorType === 'totp' ? (
        <TotpChallenge key={selected.id} factorId={selected.id} onVerified={onVerified} />
      ) : (
        <PhoneChallenge key={selected.id} factor={selected} onVerified={onVerified} />
      )}
      <TextButton onClick={() => setUseBackup(true)}>Use a backup code instead</TextButton>
    </section>
  );
}

/** An action that reads like a link: switching the way to verify, not leaving the page. */
function TextButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className="rounded text-sm font-semibold text-brand-800 underline hover:no-underline focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
      {children}
    </button>
  );
}
