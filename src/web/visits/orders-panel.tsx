import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { OrderVersionView } from '../../domain/care-order-view';
import { orderMessages, proposeOrdersInputSchema, type OrderStatus } from '../../domain/care-orders';
import { isCalendarDate } from '../../domain/onboarding';
import { describeVisitFrequency, parseVisitFrequency } from '../../domain/visit-frequency';
import { useDecideOrders, useProposeOrders, useReferralOrders } from '../api/care-orders';
import { ApiError } from '../api/client';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField, TextField } from '../ui/field';
import { ErrorState, Loading } from '../ui/states';
import { formatDay, formatMoment } from '../ui/time';
import { useTimeZone } from '../ui/use-time-zone';

const statusLabels: Record<OrderStatus, string> = { proposed: 'Proposed', approved: 'Approved', returned: 'Returned' };
const statusClasses: Record<OrderStatus, string> = {
  proposed: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  returned: 'bg-slate-100 text-slate-800',
};

/** A calendar date (YYYY-MM-DD) as "Mar 4, 2026", the same day wherever the reader is. */
const dayOf = (key: string) => formatDay(`${key}T12:00:00Z`, 'UTC');

function frequencyWords(frequency: string): string {
  const parsed = parseVisitFrequency(frequency);
  return 'error' in parsed ? frequency : describeVisitFrequency(parsed);
}

/**
 * "Orders" on both referral pages: after the evaluation the matched therapist proposes frequency,
 * duration and goals; the agency approves them (recording when it obtained the physician's order)
 * or returns them with a reason; every version stays listed. The server decides who may do what.
 */
export function OrdersPanel({ referralId, role }: { referralId: string; role: 'agency' | 'therapist' }) {
  const orders = useReferralOrders(referralId);
  const [proposing, setProposing] = useState(false);
  let content;
  if (orders.isPending) content = <Loading label="Loading orders…" />;
  else if (orders.isError)
    content = (
      <ErrorState
        message={orders.error.message}
        action={
          <Button variant="secondary" onClick={() => void orders.refetch()}>
            Try again
          </Button>
        }
      />
    );
  else {
    const latest = orders.data.versions[0];
    const canPropose = role === 'therapist' && latest?.status !== 'proposed';
    content = (
      <div className="space-y-4">
        {latest === undefined && (
          <p className="text-sm text-slate-600">
            {role === 'therapist' ? 'No orders yet. Propose them after the evaluation visit.' : 'No orders yet: the therapist proposes them after the evaluation visit.'}
          </p>
        )}
        {latest?.status === 'proposed' && role === 'therapist' && <p className="text-sm text-slate-700">Waiting for the agency to approve or return version {latest.version}.</p>}
        {latest?.status === 'proposed' && role === 'agency' && <DecideOrdersForm referralId={referralId} proposal={latest} />}
        {canPropose &&
          (proposing || latest === undefined || latest.status === 'returned' ? (
            <ProposeOrdersForm referralId={referralId} previous={latest} onDone={() => setProposing(false)} />
          ) : (
            <Button variant="secondary" onClick={() => setProposing(true)}>
              Propose a change
            </Button>
          ))}
        {latest !== undefined && <OrderHistory versions={orders.data.versions} />}
      </div>
    );
  }
  return (
    <section id="orders" aria-labelledby="orders-title" className="scroll-mt-20 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6">
      <h2 id="orders-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <ClipboardList className="size-5" aria-hidden /> Orders
      </h2>
      {content}
    </section>
  );
}

function OrderHistory({ versions }: { versions: readonly OrderVersionView[] }) {
  const zone = useTimeZone();
  return (
    <ol className="space-y-2" aria-label="Versions of the orders, newest first">
      {versions.map((v) => (
        <li key={v.version} className="space-y-1 rounded-xl border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium text-slate-900">
              Version {v.version}: {v.frequency}
            </p>
            <span className={`rounded-full px-3 py-1 text-sm font-medium ${statusClasses[v.status]}`}>{statusLabels[v.status]}</span>
          </div>
          <p className="text-sm text-slate-700">
            {frequencyWords(v.frequency)}, from {dayOf(v.startDate)}
          </p>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {v.goals.map((goal, i) => (
              <li key={i}>{goal}</li>
            ))}
          </ul>
          {v.physicianOrderObtainedOn && <p className="text-sm text-green-800">Physician’s order obtained on {dayOf(v.physicianOrderObtainedOn)}</p>}
          <p className="text-xs break-words text-slate-600">
            {v.changedBy === 'agency' ? 'Agency' : 'Therapist'}, {formatMoment(v.changedAt, zone)}: {v.reason}
          </p>
        </li>
      ))}
    </ol>
  );
}

const splitLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
// The route's schema, with goals typed one per line.
const proposeFormSchema = proposeOrdersInputSchema.extend({ goals: z.string().transform(splitLines).pipe(proposeOrdersInputSchema.shape.goals) });
type ProposeFormInput = z.input<typeof proposeFormSchema>;
type ProposeFormOutput = z.output<typeof proposeFormSchema>;
const proposeFields = ['frequency', 'startDate', 'goals', 'reason'] as const;

/** Puts the server's field errors on the form's fields (any goal's on the goals box); the rest above the form. */
function serverFailure(error: unknown, known: readonly string[], set: (field: string, message: string) => void): string | undefined {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  let placed = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = name.split('.')[0]!;
    if (known.includes(field)) {
      set(field, message);
      placed = true;
    }
  }
  return placed ? undefined : error.message;
}

function ProposeOrdersForm({ referralId, previous, onDone }: { referralId: string; previous: OrderVersionView | undefined; onDone: () => void }) {
  const propose = useProposeOrders(referralId);
  const [failure, setFailure] = useState<string>();
  const form = useForm<ProposeFormInput, unknown, ProposeFormOutput>({
    resolver: zodResolver(proposeFormSchema),
    defaultValues: { frequency: previous?.frequency ?? '', startDate: previous?.startDate ?? '', goals: previous?.goals.join('\n') ?? '', reason: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await propose.mutateAsync(values);
      form.reset({ ...form.getValues(), reason: '' });
      onDone();
    } catch (error) {
      setFailure(serverFailure(error, proposeFields, (field, message) => form.setError(field as (typeof proposeFields)[number], { type: 'server', message })));
    }
  });
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-label="Propose orders">
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label="Frequency and duration" hint="Visits a week × weeks, e.g. 1w1, 2w3" error={errors.frequency?.message} autoComplete="off" {...form.register('frequency')} />
      <TextField label="Week 1 starts on" type="date" error={errors.startDate?.message} {...form.register('startDate')} />
      <TextAreaField label="Goals" hint="One goal per line" rows={3} error={errors.goals?.message} {...form.register('goals')} />
      <TextAreaField label="Why" hint="Your rationale, for the agency" rows={2} maxLength={500} error={errors.reason?.message} {...form.register('reason')} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Propose orders'}
      </Button>
    </form>
  );
}

const decideFormSchema = z.object({ physicianOrderObtainedOn: z.string(), reason: z.string().trim().min(1, orderMessages.reason).max(500, orderMessages.reason) });
type DecideForm = z.infer<typeof decideFormSchema>;
const decideFields = ['physicianOrderObtainedOn', 'reason'] as const;

function DecideOrdersForm({ referralId, proposal }: { referralId: string; proposal: OrderVersionView }) {
  const decide = useDecideOrders(referralId);
  const [failure, setFailure] = useState<string>();
  const form = useForm<DecideForm>({ resolver: zodResolver(decideFormSchema), defaultValues: { physicianOrderObtainedOn: '', reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = (decision: 'approve' | 'return') =>
    form.handleSubmit(async (values) => {
      setFailure(undefined);
      // The date matters only to an approval: the physician's order is what makes the orders good.
      if (decision === 'approve' && !isCalendarDate(values.physicianOrderObtainedOn)) {
        form.setError('physicianOrderObtainedOn', { type: 'required', message: orderMessages.physicianOrderDate });
        return;
      }
      try {
        await decide.mutateAsync({
          version: proposal.version,
          decision,
          physicianOrderObtainedOn: decision === 'approve' ? values.physicianOrderObtainedOn : null,
          reason: values.reason,
        });
      } catch (error) {
        setFailure(serverFailure(error, decideFields, (field, message) => form.setError(field as (typeof decideFields)[number], { type: 'server', message })));
      }
    });
  return (
    <form noValidate onSubmit={(event) => void submit('approve')(event)} className="space-y-3 rounded-xl bg-amber-50 p-4" aria-label="Decide on the proposed orders">
      <p className="text-sm text-slate-800">
        The therapist proposes version {proposal.version}: <strong>{proposal.frequency}</strong> ({frequencyWords(proposal.frequency)}) from {dayOf(proposal.startDate)}.
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField
        label="Physician’s order obtained on"
        hint="Needed to approve"
        type="date"
        error={errors.physicianOrderObtainedOn?.message}
        {...form.register('physicianOrderObtainedOn')}
      />
      <TextAreaField label="Note or reason" hint="Why you approve or return them" rows={2} maxLength={500} error={errors.reason?.message} {...form.register('reason')} />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={isSubmitting}>
          Approve orders
        </Button>
        <Button variant="secondary" disabled={isSubmitting} onClick={(event) => void submit('return')(event)}>
          Return to the therapist
        </Button>
      </div>
    </form>
  );
}
