import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ReviewCredentialView } from '../../domain/credential-views';
import { credentialKindNames } from '../../domain/credentials';
import { AdminQueryStates } from '../admin/access-panels';
import { StatusBadge } from '../admin/status-badge';
import { useTherapistCredentials } from '../api/credentials';
import { EmptyCard } from '../dashboard/dashboard-ui';
import { PageMeta } from '../ui/page-meta';
import { ApprovalPanel } from './approval-panel';
import { credentialFacts, CredentialStatusBadge } from './credential-status-badge';
import { DocumentPreview } from './document-preview';
import { MissingCredentials } from './missing-credentials';
import { PrimarySourceChecks } from './primary-source-checks';
import { ReviewDecision } from './review-decision';


/**
 * /dashboard/admin/credentials/therapists/:id: one therapist's credentials, each with its document
 * and (for a license) the state board's lookup side by side, the latest primary-source checks, and
 * approval for a sign-up awaiting review.
 */
export function TherapistCredentialsPage() {
  const { id = '' } = useParams();
  // While a queued NPPES check has not answered, the screen asks again every two seconds.
  const [watching, setWatching] = useState(false);
  const review = useTherapistCredentials(id, { pollMs: watching ? 2_000 : undefined });

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Therapist credentials" description="Verify a therapist's credentials against their documents and the state board." />
      <Link to="/dashboard/admin/credentials" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline hover:no-underline">
        <ArrowLeft className="size-4" aria-hidden /> Credentials to verify
      </Link>
      <AdminQueryStates query={review} failed="The credentials could not be loaded." loading="Loading credentials…" />
      {review.data && (
        <>
          <header>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
            <h1 className="mt-1 flex flex-wrap items-center gap-3 text-3xl font-bold text-slate-900">
              {review.data.therapist.name} <StatusBadge status={review.data.therapist.status} />
            </h1>
            <p className="mt-1 text-slate-700">
              {review.data.therapist.discipline ?? 'Therapist'} · {review.data.therapist.email}
            </p>
          </header>

          <PrimarySourceChecks therapistId={id} checks={review.data.checks} onWatch={setWatching} />

          <MissingCredentials title="Required credentials" missing={review.data.missing} />

          <ApprovalPanel review={review.data} />

          <section aria-labelledby="credentials-heading" className="space-y-3">
            <h2 id="credentials-heading" className="text-xl font-semibold text-slate-900">
              Credentials
            </h2>
            {review.data.credentials.length === 0 ? (
              <EmptyCard>This therapist has not added any credentials yet.</EmptyCard>
            ) : (
              review.data.credentials.map((credential) => <CredentialReviewCard key={credential.id} credential={credential} />)
            )}
          </section>
        </>
      )}
    </div>
  );
}

function CredentialReviewCard({ credential }: { credential: ReviewCredentialView }) {
  const name = credentialKindNames[credential.kind];
  return (
    <article aria-label={`${name} ${credential.issuer}`.trim()} className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{name}</h3>
          <p className="text-sm break-words text-slate-700">{credentialFacts(credential) || 'No details given'}</p>
          {credential.status === 'verified' && credential.verificationSource && (
            <p className="text-xs break-all text-slate-600">Verified from: {credential.verificationSource}</p>
          )}
        </div>
        <CredentialStatusBadge credential={credential} />
      </div>
      {/* Side by side on a wide screen, so the document and the board's record can be compared. */}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold text-slate-800">Document</h4>
          <DocumentPreview credential={credential} />
        </div>
        <div>
          <h4 className="text-sm font-semibold text-slate-800">State board lookup</h4>
          {credential.boardLookup ? (
            <a
              href={credential.boardLookup.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold break-all text-brand-700 underline hover:no-underline"
            >
              {credential.boardLookup.label} <ExternalLink className="size-4 shrink-0" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          ) : (
            <p className="text-sm text-slate-600">Not a license: check it against the document.</p>
          )}
        </div>
      </div>
      {credential.status === 'submitted' && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <ReviewDecision credential={credential} />
        </div>
      )}
    </article>
  );
}
