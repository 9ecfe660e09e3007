import { AlertTriangle, FileText } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { emptyNote, type NoteServiceId, type NoteView, type VisitNotesView } from '../../domain/documentation';
import { signatureCode } from '../../domain/note-record';
import type { VisitStatus } from '../../domain/visits';
import { ApiError } from '../api/client';
import { useVisitNotes } from '../api/documentation';
import { isMfaRequired } from '../api/mfa';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { formatMoment } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { AttachmentsPanel } from './attachments-panel';
import { NotePdfLink } from '../records/note-pdf-link';
import { NoteContentView } from './note-content';
import { noteTitles } from './note-fields';
import { NoteForm } from './note-form';
import { ReviewForm } from './review-form';
import { SignForm } from './sign-form';
import { TwoStepNeeded } from './two-step-needed';
import { useLiveVisitNotes } from './use-live-notes';

const statusLabels: Record<NoteView['status'], string> = {
  draft: 'Draft',
  signed: 'Signed, awaiting review',
  returned: 'Returned for changes',
  approved: 'Approved',
  superseded: 'Superseded',
};

/** A short code both parties can read to each other to be sure they see the same signed note (the start of its SHA-256). */


/**
 * A visit's documentation (PHI). The therapist writes the note for the visit's service type, saves
 * drafts, signs with their typed name and revises a returned note (a new version); the agency
 * approves or returns it. Both see every signed version and its attachments (the therapist also
 * their draft and the files added to it). Nothing goes into the title, the URL or the console.
 */
export function VisitDocumentation({ visitId, role, visitStatus }: { visitId: string; role: 'agency' | 'therapist'; visitStatus: VisitStatus }) {
  const notes = useVisitNotes(visitId);
  useLiveVisitNotes(visitId);
  const [notice, setNotice] = useState('');
  // The notes say what may be done (write, sign, review) from the visit's status as they last saw
  // it: when the visit moves on this page (checked out, cancelled), they must be read again, or
  // the note form would not appear until a reload. Only a change of the visit counts: after a
  // signature the notes are ahead of the visit for a moment, and every read is audited.
  const notesStatus = notes.data?.visitStatus;
  const { refetch } = notes;
  const seenStatus = useRef(visitStatus);
  useEffect(() => {
    if (seenStatus.current === visitStatus) return;
    seenStatus.current = visitStatus;
    if (notesStatus !== undefined && notesStatus !== visitStatus) void refetch();
  }, [visitStatus, notesStatus, refetch]);

  let content: ReactNode;
  if (notes.isPending) content = <Loading label="Loading the visit notes…" />;
  else if (notes.isError) {
    const error = notes.error;
    if (isMfaRequired(error)) content = <TwoStepNeeded />;
    else if (error instanceof ApiError && error.code === 'NOT_FOUND') content = <p className="text-slate-700">These visit notes are not available to you.</p>;
    else
      content = (
        <ErrorState
          message={error.message}
          action={
            <Button variant="secondary" onClick={() => void notes.refetch()}>
              Try again
            </Button>
          }
        />
      );
  } else content = <Documentation view={notes.data} role={role} onNotice={setNotice} />;

  return (
    <section aria-labelledby={`notes-title-${visitId}`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <FileText className="mt-1 size-5 shrink-0 text-slate-500" aria-hidden />
        <div>
          <h2 id={`notes-title-${visitId}`} className="text-xl font-semibold text-slate-900">
            Visit notes
          </h2>
          <p className="text-sm text-slate-600">Only the agency and the therapist of this visit can see them. Every view is recorded.</p>
        </div>
      </div>
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {notice}
      </p>
      {content}
    </section>
  );
}

function Documentation({ view, role, onNotice }: { view: VisitNotesView; role: 'agency' | 'therapist'; onNotice: (text: string) => void }) {
  const zone = useTimeZone();
  const when = (iso: string) => formatMoment(iso, zone);
  // The server sends drafts to the therapist only: the agency reviews signed versions.
  const notes = view.notes;
  const [latest, ...older] = notes;
  const serviceId = view.serviceId as NoteServiceId;
  const writable = role === 'therapist' && view.visitStatus === 'completed' && (!latest || latest.status === 'draft' || latest.status === 'returned');
  // After a return the form starts from the returned version's content; a new version is saved.
  const initial = latest && latest.content.serviceId === serviceId ? latest.content : emptyNote(serviceId);
  // The agency's message stays in sight while the revision is a draft, not only until it is first saved.
  const returned = latest?.status === 'returned' ? latest : latest?.status === 'draft' && older[0]?.status === 'returned' ? older[0] : undefined;
  const history = writable ? notes.filter((note) => note.status !== 'draft') : older;
  // The newest signature decides which attachments the agency sees (newest version first).
  const lastSignedAt = notes.find((note) => note.signedAt !== null)?.signedAt ?? null;
  const [formKey, setFormKey] = useState(0);
  const [unsaved, setUnsaved] = useState(false);
  const onDirtyChange = useCallback(
    (dirty: boolean) => {
      setUnsaved(dirty);
      // "Draft saved." no longer describes a form with new changes.
      if (dirty) onNotice('');
    },
    [onNotice],
  );

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">
        <span className="font-medium">{noteTitles[serviceId]} note</span>
        {view.dueAt && ` · due ${when(view.dueAt)}`}
      </p>
      {view.overdue && (
        <p role="alert" className="flex items-center gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          <AlertTriangle className="size-4" aria-hidden /> Overdue: the notes were due {view.dueAt ? when(view.dueAt) : ''} and are not signed yet.
        </p>
      )}
      {returned?.reviewMessage && (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-semibold">
            Version {returned.version} returned by the agency{returned.reviewedAt ? ` on ${when(returned.reviewedAt)}` : ''}:
          </p>
          <p className="whitespace-pre-wrap">{returned.reviewMessage}</p>
        </div>
      )}
      {writable ? (
        <div className="space-y-5">
          <NoteForm
            key={`${latest?.id ?? 'new'}-${formKey}`}
            visitId={view.visitId}
            initial={initial}
            savedAt={latest?.status === 'draft' ? latest.updatedAt : undefined}
            onSaved={() => {
              onNotice('Draft saved.');
              setFormKey((key) => key + 1);
            }}
            onDirtyChange={onDirtyChange}
          />
          {/* Files can be attached only until the note is signed, so they come before signing. */}
          <AttachmentsPanel visitId={view.visitId} role={role} canUpload lastSignedAt={lastSignedAt} />
          {latest?.status === 'draft' ? (
            <SignForm visitId={view.visitId} unsaved={unsaved} onSigned={() => onNotice('Note signed. The agency has been notified.')} />
          ) : (
            <p className="text-sm text-slate-700">Save the draft, then sign it here.</p>
          )}
        </div>
      ) : latest ? (
        <NoteVersion visitId={view.visitId} note={latest} />
      ) : (
        <p className="text-slate-700">{role === 'agency' ? 'The therapist has not signed the notes yet.' : 'Notes can be written once the visit is completed.'}</p>
      )}
      {role === 'agency' && latest?.status === 'signed' && (
        <ReviewForm visitId={view.visitId} onReviewed={(action) => onNotice(action === 'approve' ? 'Notes approved. The visit is now payable.' : 'Notes returned to the therapist.')} />
      )}
      {!writable && <AttachmentsPanel visitId={view.visitId} role={role} canUpload={false} lastSignedAt={lastSignedAt} />}
      {history.length > 0 && (
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">Version history</summary>
          <div className="mt-3 space-y-4">
            {history.map((note) => (
              <NoteVersion key={note.id} visitId={view.visitId} note={note} />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

export function NoteVersion({ visitId, note, pdf = true }: { visitId: string; note: NoteView; pdf?: boolean }) {
  const zone = useTimeZone();
  return (
    <article aria-label={`Version ${note.version}`} className="space-y-3 rounded-lg border border-slate-200 p-4">
      <header className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-semibold text-slate-900">Version {note.version}</span>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
          {statusLabels[note.status]}
          {note.autoApproved ? ' (automatically)' : ''}
        </span>
      </header>
      <NoteContentView content={note.content} />
      {note.signedAt && (
        <p className="text-xs text-slate-600">
          Signed by {note.signedName} on {formatMoment(note.signedAt, zone)}
          {note.contentHash && (
            <>
              {' '}
              · Signature code <code title={`SHA-256 of the signed note: ${note.contentHash}`}>{signatureCode(note.contentHash)}</code>
            </>
          )}
        </p>
      )}
      {note.coSignedAt && (
        <p className="text-xs text-slate-600">
          Co-signed by the supervising therapist {note.coSignedName} on {formatMoment(note.coSignedAt, zone)}
          {note.coSignatureHash && (
            <>
              {' '}
              · Co-signature code <code title={`SHA-256 of the co-signature: ${note.coSignatureHash}`}>{signatureCode(note.coSignatureHash)}</code>
            </>
          )}
        </p>
      )}
      {note.status === 'returned' && note.reviewMessage && <p className="text-xs text-amber-900">Returned: {note.reviewMessage}</p>}
      {pdf && note.signedAt && <NotePdfLink visitId={visitId} noteId={note.id} version={note.version} />}
    </article>
  );
}
