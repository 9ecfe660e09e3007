import { ShieldCheck } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { CheckboxField } from '../preferences/checkbox-field';
import { FormAlert } from '../ui/field';

interface AgencyCarePolicy {
  requiresCoSignature: boolean;
}

const key = ['agency', 'care-policy'] as const;

/**
 * The agency's own care rules, on its schedule (nav: Schedule): whether the supervising PT or OT
 * must co-sign every assistant's note. Saved as soon as it is switched; the care clocks then show a
 * co-signature item for each assistant note signed and not co-signed.
 */
export function CarePolicyCard() {
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: key, queryFn: () => api<AgencyCarePolicy>('/api/agency/care-policy') });
  const save = useMutation({
    mutationFn: (next: AgencyCarePolicy) => api<AgencyCarePolicy>('/api/agency/care-policy', { method: 'PUT', body: next }),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
  return (
    <section aria-labelledby="care-policy-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="care-policy-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldCheck className="size-5 text-slate-500" aria-hidden /> Care rules
      </h2>
      {policy.isError && <FormAlert>{policy.error.message}</FormAlert>}
      {save.isError && <FormAlert>{save.error.message}</FormAlert>}
      <div className="min-h-11">
        <CheckboxField
          role="switch"
          label="Require the supervising therapist’s co-signature of assistant notes"
          hint="PTA and COTA notes then need the supervising PT’s or OT’s co-signature within 7 days; it shows on each referral’s care clocks. Your state’s rule applies whatever you choose here."
          checked={policy.data?.requiresCoSignature ?? false}
          disabled={!policy.data || save.isPending}
          onChange={(event) => save.mutate({ requiresCoSignature: event.target.checked })}
        />
      </div>
    </section>
  );
}
