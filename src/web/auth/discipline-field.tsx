import type { UseFormRegisterReturn } from 'react-hook-form';
import { disciplineNames, disciplines } from '../../domain/accounts';
import { RadioGroupField } from '../ui/radio-group-field';

const options = disciplines.map((code) => ({
  value: code,
  label: (
    <span>
      {disciplineNames[code]} <span className="text-slate-500">({code})</span>
    </span>
  ),
}));

/** Exactly one discipline, as a radio group whose error is tied to the group. */
export function DisciplineField({ registration, error }: { registration: UseFormRegisterReturn<'discipline'>; error?: string }) {
  return <RadioGroupField legend="Discipline" options={options} registration={registration} error={error} />;
}
