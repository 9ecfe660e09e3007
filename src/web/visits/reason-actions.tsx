import { useState } from 'react';
import type { VisitDetail } from '../../domain/visits';
import { ApiError } from '../api/client';
import { useRescheduleVisit, useVisitReasonAction } from '../api/visits';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField, TextField } from '../ui/field';
import { dateKeyIn, instantAt, timeOfDayIn } from '../../domain/time-zones';
import { useTimeZone } from '../ui/use-time-zone';

type Mode = 'reschedule' | 'cancel' | 'missed';

/** Reschedule (therapist), cancel and mark missed (either party): each with a required reason. */
export function ReasonActions({ visit, role }: { visit: VisitDetail; role: 'agency' | 'therapist' }) {
  const [mode, setMode] = useState<Mode | null>(null);
  // Read once per mount: whether the start has passed decides if 'Mark missed' is offered.
  const [now] = useState(() => Date.now());
  const started = Date.parse(visit.scheduledStart) <= now;
  return (
    <section aria-label="Change this visit" className="space-y-3">
      <div className="flex flex-wrap gap-2">
        {role === 'therapist' && (
          <Button variant="secondary" onClick={() => setMode('reschedule')}>
            Reschedule
          </Button>
        )}
        <Button variant="secondary" onClick={() => setMode('cancel')}>
          Cancel visit
        </Button>
        {started && (
          <Button variant="secondary" onClick={() => setMode('missed')}>
            Mark missed
          </Button>
        )}
      </div>
      {mode && <ReasonForm key={mode} visit={visit} mode={mode} onDone={() => setMode(null)} />}
    </section>
  );
}

function ReasonForm({ visit, mode, onDone }: { visit: VisitDetail; mode: Mode; onDone: () => void }) {
  const reschedule = useRescheduleVisit(visit.id);
  const cancel = useVisitReasonAction(visit.id, 'cancel');
  const missed = useVisitReasonAction(visit.id, 'missed');
  // The new date and time are typed on the user's own clock (their zone), as every time is shown.
  const zone = useTimeZone();
  const current = new Date(visit.scheduledStart);
  const [date, setDate] = useState(() => dateKeyIn(current, zone));
  const [time, setTime] = useState(() => timeOfDayIn(current, zone));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pending = reschedule.isPending || cancel.isPending || missed.isPending;
  const title = { reschedule: 'Reschedule visit', cancel: 'Cancel visit', missed: 'Mark visit missed' }[mode];

  const submit = async () => {
    setError(null);
    if (reason.trim() === '') {
      setError('Give a reason.');
      return;
    }
    try {
      if (mode === 'reschedule') await reschedule.mutateAsync({ scheduledStart: instantAt(date, time, zone).toISOString(), reason: reason.trim() });
      else await (mode === 'cancel' ? cancel : missed).mutateAsync({ reason: reason.trim() });
      onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? (Object.values(caught.fields)[0] ?? caught.message) : 'Something went wrong.');
    }
  };

  return (
    <form
      aria-label={title}
      className="space-y-3 rounded-xl border border-slate-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {mode === 'reschedule' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="New date" type="date" value={date} onChange={(event) => setDate(event.target.value)} required />
          <TextField label="New time" type="time" value={time} onChange={(event) => setTime(event.target.value)} required />
        </div>
      )}
      <TextAreaField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} required />
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : title}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Back
        </Button>
      </div>
    </form>
  );
}
