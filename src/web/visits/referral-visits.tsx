import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { careVisitTypes } from '../../domain/care-visit-types';
import { addDaysToKey, dateKeyIn, instantAt } from '../../domain/time-zones';
import type { ReferralVisits as ReferralVisitsView } from '../../domain/visits';
import { useCareClocks } from '../api/care-clocks';
import { ApiError } from '../api/client';
import { isMfaRequired } from '../api/mfa';
import { usePlanVisits, useReferralVisits, useScheduleVisit } from '../api/visits';
import { Button } from '../ui/button';
import { FormAlert, SelectField, TextField } from '../ui/field';
import { ErrorState, Loading } from '../ui/states';
import { formatMonthDayTime } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';
import { TwoStepNeeded } from './two-step-needed';
import { VisitListItem } from './visit-list-item';

/** The visits of a matched referral on both referral pages; the matched therapist schedules them here. */
export function ReferralVisits({ referralId, role }: { referralId: string; role: 'agency' | 'therapist' }) {
  const visits = useReferralVisits(referralId);
  let content;
  if (visits.isPending) content = <Loading label="Loading visits…" />;
  else if (visits.isError)
    content = (
      <ErrorState
        message={visits.error.message}
        action={
          <Button variant="secondary" onClick={() => void visits.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else {
    const data = visits.data;
    const open = role === 'therapist' && ['matched', 'in_progress'].includes(data.status);
    content = (
      <div className="space-y-5">
        <ul className="flex flex-wrap gap-2 text-sm text-slate-700" aria-label="Visits booked per service">
          {data.services.map((s) => (
            <li key={s.serviceId} className="rounded-full bg-slate-100 px-3 py-1">
              {s.serviceName}: {s.booked} of {s.visitCount} booked
            </li>
          ))}
          {data.visitFrequency && <li className="rounded-full bg-slate-100 px-3 py-1">Frequency {data.visitFrequency}</li>}
        </ul>
        {data.visits.length === 0 ? (
          <p className="text-sm text-slate-600">{role === 'therapist' ? 'No visits scheduled yet. Schedule the first one below.' : 'The therapist has not scheduled any visits yet.'}</p>
        ) : (
          <ul className="space-y-2" aria-label="Scheduled visits">
            {data.visits.map((visit) => (
              <VisitListItem key={visit.id} visit={visit} role={role} />
            ))}
          </ul>
        )}
        {open && <ScheduleForm referralId={referralId} data={data} />}
      </div>
    );
  }
  return (
    <section aria-labelledby="visits-title" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="visits-title" className="text-xl font-semibold text-slate-900">
        Visits
      </h2>
      {content}
    </section>
  );
}

const scheduleFormSchema = z.object({
  serviceId: z.string().min(1, 'Choose a service'),
  /** Empty: the service's own care type (the server's default). */
  visitType: z.union([z.literal(''), z.enum(careVisitTypes)]),
  date: z.iso.date({ error: 'Choose a date' }),
  time: z.string().regex(/^\d{2}:\d{2}$/, 'Choose a time'),
  durationMinutes: z.coerce.number<string | number>().int().min(15, 'At least 15 minutes').max(480, 'At most 8 hours'),
});
type ScheduleForm = z.input<typeof scheduleFormSchema>;

function ScheduleForm({ referralId, data }: { referralId: string; data: ReferralVisitsView }) {
  const schedule = useScheduleVisit(referralId);
  // The visit types the care clocks ask for that this therapist may do, most pressing first.
  const suggested = useCareClocks(referralId).data?.suggestedVisitTypes ?? [];
  const plan = usePlanVisits(referralId);
  const [saved, setSaved] = useState('');
  const remaining = data.services.filter((s) => s.booked < s.visitCount);
  const form = useForm<ScheduleForm, unknown, z.output<typeof scheduleFormSchema>>({
    resolver: zodResolver(scheduleFormSchema),
    defaultValues: { serviceId: remaining[0]?.serviceId ?? '', visitType: '', date: '', time: '09:00', durationMinutes: 60 },
  });
  const zone = useTimeZone();
  const [planStart, setPlanStart] = useState(() => addDaysToKey(dateKeyIn(new Date(), zone), 1));
  const errors = form.formState.errors;

  // The Schedule's care deadlines link here to book one (?book=reassessment#schedule-visits): the
  // form exists only once the visits have loaded, and the type is chosen once the clocks suggest it.
  const formRef = useRef<HTMLFormElement>(null);
  const { hash } = useLocation();
  const [searchParams] = useSearchParams();
  const wanted = suggested.find((s) => s.visitType === searchParams.get('book'))?.visitType;
  useEffect(() => {
    if (hash === '#schedule-visits') formRef.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  useEffect(() => {
    if (wanted && !form.getValues('visitType')) form.setValue('visitType', wanted);
  }, [wanted, form]);

  const submit = form.handleSubmit(async (values) => {
    setSaved('');
    // The date and time typed are on the user's own clock (their zone), whatever the browser's is.
    const scheduledStart = instantAt(values.date, values.time, zone).toISOString();
    try {
      await schedule.mutateAsync({
        serviceId: values.serviceId,
        scheduledStart,
        durationMinutes: values.durationMinutes,
        ...(values.visitType ? { visitType: values.visitType } : {}),
      });
      setSaved('Visit scheduled.');
      form.reset({ ...values, date: '' });
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.fields.serviceId) form.setError('serviceId', { message: error.fields.serviceId });
        if (error.fields.visitType) form.setError('visitType', { message: error.fields.visitType });
        if (error.fields.scheduledStart) form.setError('date', { message: error.fields.scheduledStart });
      }
    }
  });

  return (
    <form
      ref={formRef}
      id="schedule-visits"
      onSubmit={(event) => void submit(event)}
      aria-labelledby="schedule-title"
      className="scroll-mt-20 space-y-4 border-t border-slate-200 pt-5"
      noValidate
    >
      <h3 id="schedule-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarPlus className="size-5" aria-hidden /> Schedule visits
      </h3>
      <p role="status" className="text-sm font-medium text-green-800 empty:hidden">
        {saved}
      </p>
      {remaining.length === 0 ? (
        <p className="text-sm text-slate-700">Every visit of this referral is scheduled.</p>
      ) : (
        <>
      <div className="flex flex-wrap items-end gap-3 rounded-lg bg-slate-50 p-3">
        <TextField label="Suggest dates from" type="date" value={planStart} onChange={(event) => setPlanStart(event.target.value)} className="w-44" />
        <Button variant="secondary" disabled={plan.isPending || !planStart} onClick={() => plan.mutate({ startDate: planStart })}>
          Suggest dates
        </Button>
        {plan.isError && <p className="text-sm text-red-700">{plan.error.message}</p>}
        {plan.data && (
          <div className="w-full space-y-1">
            <p className="text-sm text-slate-700">Following {plan.data.visitFrequency || 'the referral’s frequency'} — choose one to fill the form:</p>
            {plan.data.items.length === 0 ? (
              <p className="text-sm text-slate-600">No visits left to plan.</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {plan.data.items.map((item, index) => (
                  <li key={`${item.date}-${index}`}>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="ring-1 ring-slate-300"
                      onClick={() => {
                        form.setValue('date', item.date);
                        form.setValue('serviceId', item.serviceId);
                      }}
                    >
                      {new Date(`${item.date}T12:00`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric' })} ·{' '}
                      {data.services.find((s) => s.serviceId === item.serviceId)?.serviceName ?? item.serviceId}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      {suggested[0]?.dueBy && (
        <p className="text-sm text-slate-700">
          Next due: {suggested[0].label.toLowerCase()} by {formatMonthDayTime(suggested[0].dueBy, zone)}. Choose it as the visit type to count it.
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-5">
        <SelectField label="Service" error={errors.serviceId?.message} {...form.register('serviceId')}>
          {remaining.map((s) => (
            <option key={s.serviceId} value={s.serviceId}>
              {s.serviceName} ({s.visitCount - s.booked} left)
            </option>
          ))}
        </SelectField>
        <SelectField label="Visit type" error={errors.visitType?.message} {...form.register('visitType')}>
          <option value="">As the service</option>
          {suggested.map((s) => (
            <option key={s.visitType} value={s.visitType}>
              {s.label}
              {s.dueBy ? ` (due by ${formatMonthDayTime(s.dueBy, zone)})` : ''}
            </option>
          ))}
        </SelectField>
        <TextField label="Date" type="date" error={errors.date?.message} {...form.register('date')} />
        <TextField label="Time" type="time" error={errors.time?.message} {...form.register('time')} />
        <TextField label="Duration (minutes)" type="number" min={15} max={480} step={15} error={errors.durationMinutes?.message} {...form.register('durationMinutes')} />
      </div>
      {schedule.isError && (isMfaRequired(schedule.error) ? <TwoStepNeeded /> : <FormAlert>{schedule.error.message}</FormAlert>)}
      <Button type="submit" disabled={schedule.isPending}>
        {schedule.isPending ? 'Scheduling…' : 'Schedule visit'}
      </Button>
        </>
      )}
    </form>
  );
}
