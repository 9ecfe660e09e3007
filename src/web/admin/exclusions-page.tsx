import { ArrowLeft, Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { LeieImport, SuspendedTherapist } from '../../domain/primary-source-checks';
import { useExclusions, useImportLeie } from '../api/exclusions';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { formatMoment } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { AdminQueryStates } from './access-panels';
import { LiftSuspensionDialog } from './exclusions-lift-dialog';
import { NoticeBanner } from './notice-banner';
import { useNotice } from './use-notice';

const importStatusLabels: Record<LeieImport['status'], string> = { running: 'Running', finished: 'Finished', failed: 'Failed' };

/**
 * /dashboard/admin/exclusions: the OIG exclusion list (LEIE) as last imported, with "Import now",
 * and the therapists a match suspended, with "Lift suspension". Managers at aal2 only (the server
 * refuses everyone else; the page then says why).
 */
export function ExclusionsPage() {
  const exclusions = useExclusions();
  const importNow = useImportLeie();
  const [lifting, setLifting] = useState<SuspendedTherapist>();
  const { notice, show, dismiss } = useNotice();
  const zone = useTimeZone();
  const data = exclusions.data;

  const onImport = () =>
    importNow.mutate(undefined, {
      onSuccess: () => show({ tone: 'success', text: 'Import queued. Every therapist is checked against the list once it finishes.' }),
      onError: (failure) => show({ tone: 'error', text: failure.message }),
    });

  return (
    <div className="mx-auto w-full max-w-4xl space-y-6 px-4 py-8 sm:px-6">
      <PageMeta title="Exclusion list" description="The OIG exclusion list (LEIE) as last imported, and the therapists a match suspended." />
      <header>
        <Link to="/dashboard/admin" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 underline hover:no-underline">
          <ArrowLeft className="size-4" aria-hidden /> Admin dashboard
        </Link>
        <p className="mt-2 text-sm font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">Exclusion list</h1>
        <p className="mt-2 max-w-prose text-slate-700">
          We import the OIG List of Excluded Individuals/Entities (LEIE) every month and check every therapist against it, by NPI and by name
          and date of birth. A match suspends the therapist until you review it.
        </p>
      </header>

      <AdminQueryStates query={exclusions} failed="The exclusion list could not be loaded." loading="Loading the exclusion list…" />

      {data && (
        <section aria-labelledby="leie-imports" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h2 id="leie-imports" className="text-lg font-semibold text-slate-900">
                List in force
              </h2>
              {data.inForce ? (
                <p className="text-slate-700">
                  Imported {formatMoment(data.inForce.finishedAt ?? data.inForce.startedAt, zone)}: {data.inForce.rowCount.toLocaleString('en-US')} entries from{' '}
                  <span className="break-all">{data.inForce.source}</span>.
                </p>
              ) : (
                <p className="text-slate-700">No list has been imported yet.</p>
              )}
              {data.checking && <p className="text-slate-700">Checking therapists against the list…</p>}
            </div>
            <Button className="min-h-11 shrink-0" disabled={importNow.isPending || data.importQueued} aria-busy={data.importQueued} onClick={onImport}>
              <Download className="size-4" aria-hidden /> {data.importQueued ? 'Import queued…' : 'Import now'}
            </Button>
          </div>
          {data.imports.length > 0 && (
            <>
              <h3 className="text-sm font-semibold text-slate-800">Latest imports</h3>
              <ul className="space-y-2">
                {data.imports.map((item) => (
                  <li key={item.id} className="rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
                    <p>
                      <span className="font-semibold">{importStatusLabels[item.status]}</span> · started {formatMoment(item.startedAt, zone)}
                      {item.status === 'finished' && ` · ${item.rowCount.toLocaleString('en-US')} entries`}
                    </p>
                    {item.error && <p className="break-words text-red-800">{item.error}</p>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}

      {data && (
        <section aria-labelledby="suspended-therapists" className="space-y-3">
          <h2 id="suspended-therapists" className="text-lg font-semibold text-slate-900">
            Suspended therapists
          </h2>
          {data.suspended.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
              <ShieldCheck className="size-8 text-slate-500" aria-hidden />
              <p className="text-lg font-medium text-slate-800">No therapist is suspended.</p>
            </div>
          ) : (
            <ul className="space-y-3">
              {data.suspended.map((therapist) => (
                <li key={therapist.therapistId} aria-label={therapist.name} className="flex flex-col gap-3 rounded-xl border border-red-200 bg-white p-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="font-semibold text-slate-900">
                      {therapist.name} <span className="font-normal break-all text-slate-700">{therapist.email}</span>
                    </p>
                    <p className="text-slate-800">{therapist.reason}</p>
                    <p className="text-sm text-slate-700">Suspended {formatMoment(therapist.suspendedAt, zone)}</p>
                  </div>
                  <Button variant="secondary" className="min-h-11 shrink-0" aria-label={`Lift suspension of ${therapist.name}`} onClick={() => setLifting(therapist)}>
                    Lift suspension
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <LiftSuspensionDialog
        therapist={lifting}
        onClose={() => setLifting(undefined)}
        onLifted={(therapist) => {
          setLifting(undefined);
          show({ tone: 'success', text: `${therapist.name}’s suspension is lifted.` });
        }}
      />
      <NoticeBanner notice={notice} onDismiss={dismiss} />
    </div>
  );
}
