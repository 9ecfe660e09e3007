import { FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { CredentialView } from '../../domain/credential-views';
import { credentialKindNames } from '../../domain/credentials';
import { credentialDocumentUrl, useMyCredentials, useRemoveCredential } from '../api/credentials';
import { EmptyCard, LoadError } from '../dashboard/dashboard-ui';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { FormAlert } from '../ui/field';
import { PageMeta } from '../ui/page-meta';
import { Loading } from '../ui/states';
import { CredentialForm } from './credential-form';
import { MissingCredentials } from './missing-credentials';
import { credentialFacts, CredentialStatusBadge } from './credential-status-badge';

/**
 * /dashboard/therapist/credentials: the therapist's credentials with their review status, what the
 * required ones still lack (the reason referrals are not offered), and adding or changing one with
 * its document. Reachable before approval too: a sign-up uploads what a manager will verify.
 */
export function CredentialsPage() {
  const credentials = useMyCredentials();
  const remove = useRemoveCredential();
  const [editing, setEditing] = useState<CredentialView | 'new' | null>(null);

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Credentials" description="Your licenses and other credentials, and their verification." />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Credentials</h1>
          <p className="mt-2 max-w-prose text-slate-700">
            A manager checks each credential against its document and, for a license, the state board. Referrals are offered once the required ones are verified and in date.
          </p>
        </div>
        <Button onClick={() => setEditing('new')}>
          <Plus className="size-4" aria-hidden /> Add a credential
        </Button>
      </header>

      {credentials.isPending && <Loading label="Loading your credentials…" />}
      {credentials.isError && <LoadError message={`Your credentials could not be loaded: ${credentials.error.message}`} onRetry={() => void credentials.refetch()} />}
      {credentials.data && (
        <>
          <MissingCredentials title="Required to take referrals" missing={credentials.data.missing} />

          <section aria-labelledby="list-heading" className="space-y-3">
            <h2 id="list-heading" className="text-xl font-semibold text-slate-900">
              Your credentials
            </h2>
            {remove.isError && <FormAlert>{remove.error.message}</FormAlert>}
            {credentials.data.items.length === 0 ? (
              <EmptyCard>No credentials yet. Add your state license first, with a PDF or photo of it.</EmptyCard>
            ) : (
              <ul className="space-y-3">
                {credentials.data.items.map((credential) => (
                  <li key={credential.id} className="rounded-2xl border border-slate-200 bg-white p-4">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <h3 className="font-semibold text-slate-900">{credentialKindNames[credential.kind]}</h3>
                        <p className="text-sm break-words text-slate-700">{credentialFacts(credential) || 'No details given'}</p>
                      </div>
                      <CredentialStatusBadge credential={credential} />
                    </div>
                    <div className="mt-3 flex flex-wrap gap-2">
                      {credential.document ? (
                        <a href={credentialDocumentUrl(credential.id)} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline hover:no-underline">
                          <FileText className="size-4" aria-hidden /> {credential.document.fileName}
                        </a>
                      ) : (
                        <span className="inline-flex min-h-11 items-center text-sm text-slate-600">No document yet</span>
                      )}
                      <Button variant="secondary" size="sm" onClick={() => setEditing(credential)} aria-label={`Change ${credentialKindNames[credential.kind]}`}>
                        <Pencil className="size-4" aria-hidden /> Change
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={remove.isPending}
                        aria-label={`Remove ${credentialKindNames[credential.kind]}`}
                        onClick={() => {
                          if (window.confirm(`Remove this ${credentialKindNames[credential.kind]}?`)) remove.mutate(credential.id);
                        }}
                      >
                        <Trash2 className="size-4" aria-hidden /> Remove
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'Add a credential' : 'Change a credential'}
      >
        {editing !== null && <CredentialForm credential={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </div>
  );
}
