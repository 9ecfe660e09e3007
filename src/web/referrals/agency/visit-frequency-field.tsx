import { useFormContext, useWatch } from 'react-hook-form';
import type { ReferralInput } from '../../../domain/referrals';
import { describeVisitFrequency, parseVisitFrequency } from '../../../domain/visit-frequency';
import { TextField } from '../../ui/field';
import { countLabel } from './format';

/** What the typed notation means, in words, so a slip such as 4w2 for 2w4 is caught before posting. */
export function frequencyPreview(text: string): string {
  if (text.trim() === '') return '';
  const parsed = parseVisitFrequency(text);
  if ('error' in parsed) return parsed.error;
  const words = describeVisitFrequency(parsed);
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}: ${countLabel(parsed.totalVisits, 'visit')} over ${countLabel(parsed.totalWeeks, 'week')}.`;
}

export function VisitFrequencyField() {
  const { register, control, formState } = useFormContext<ReferralInput>();
  const value = useWatch({ control, name: 'visitFrequency' }) ?? '';
  const preview = frequencyPreview(value);
  return (
    <div className="space-y-2">
      <TextField
        label="Visit frequency"
        autoComplete="off"
        spellCheck={false}
        placeholder="2w4"
        hint="2w4 = twice a week for four weeks; several segments like 1w1, 2w4"
        error={formState.errors.visitFrequency?.message}
        {...register('visitFrequency')}
      />
      {/* Always in the page: a live region that appears with its text is not announced everywhere. */}
      <p aria-live="polite" className="text-sm text-slate-800" data-testid="frequency-preview">
        {preview && <span className="block rounded-md bg-slate-100 px-3 py-2">{preview}</span>}
      </p>
    </div>
  );
}
