import { zodResolver } from '@hookform/resolvers/zod';
import { FileText, PenLine } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { signNoteInputSchema, type NoteView, type SignNoteInput } from '../../domain/documentation';
import { ApiError } from '../api/client';
import { useCoSignNote, useSupervisedNotes } from '../api/documentation';
import { isMfaRequired } from '../api/mfa';
import { FormAlert, TextField } from '../ui/field';
import { Button } from '../ui/button';
import { ErrorState, Loading } from '../ui/states';
import { TwoStepNeeded } from './two-step-needed';
import { NoteVersion } from './visit-documentation';

/**
 * The supervising PT's or OT's view of an assistant's visit they are not the therapist of: the
 * signed notes, each with its co-signature or a "Co-sign" form (typed name). Shown on the visit
 * page where the visit itself is not theirs; anyone else is told the visit is not theirs to see.
 */
export function SupervisedNotes({ visitId }: { visitId: string }) {
  const notes = useSupervisedNotes(visitId);
  const [notice, setNotice] = useState('');
  if (notes.isPending) return <Loading label="Loading the visit notes…" />;
  if (notes.isError) {
    if (isMfaRequired(notes.error)) return <TwoStepNeeded />;
    return <ErrorState message="This visit was not found, or it is not yours to see." />;
  }
  return (
    <section aria-labelledby={`supervised-notes-${visitId}`} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <FileText className="mt-1 size-5 shrink-0 text-slate-500" aria-hidden />
        <div>
          <h2 id={`supervised-notes-${visitId}`} className="text-xl font-semibold text-slate-900">
            Assistant’s visit notes
          </h2>
          <p className="text-sm text-slate-600">As the supervising therapist you read and co-sign them. Every view is recorded.</p>
        </div>
      </div>
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {notice}
      </p>
      {notes.data.notes.length === 0 && <p className="text-slate-700">The assistant has not signed the notes yet.</p>}
      {notes.data.notes.map((note) => (
        <div key={note.id} className="space-y-3">
          <NoteVersion visitId={visitId} note={note} pdf={false} />
          {(note.status === 'signed' || note.status === 'approved') && !note.coSignedAt && (
            <CoSignForm visitId={visitId} note={note} onCoSigned={() => setNotice('Note co-signed.')} />
          )}
        </div>
      ))}
    </section>
  );
}

function CoSignForm({ visitId, note, onCoSigned }: { visitId: string; note: NoteView; onCoSigned: () => void }) {
  const coSign = useCoSignNote(visitId);
  const [failure, setFailure] = useState<string>();
  const form = useForm<SignNoteInput>({ resolver: zodResolver(signNoteInputSchema), defaultValues: { signedName: '' } });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ signedName }) => {
    setFailure(undefined);
    try {
      await coSign.mutateAsync({ noteId: note.id, signedName });
      onCoSigned();
    } catch (error) {
      if (error instanceof ApiError && error.fields.signedName) form.setError('signedName', { type: 'server', message: error.fields.signedName });
      else setFailure(error instanceof ApiError ? error.message : 'Something went wrong. Please try again.');
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={`Co-sign version ${note.version}`} className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      {failure && <FormAlert>{failure}</FormAlert>}
      <p className="text-sm text-slate-700">Co-signing records your name, the time and a fingerprint binding it to the note the assistant signed.</p>
      <TextField label="Type your full name to co-sign" autoComplete="name" error={errors.signedName?.message} {...form.register('signedName')} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          <PenLine className="size-4" aria-hidden /> {isSubmitting ? 'Co-signing…' : 'Co-sign'}
        </Button>
      </div>
    </form>
  );
}
