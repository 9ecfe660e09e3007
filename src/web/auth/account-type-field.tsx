import type { UseFormRegisterReturn } from 'react-hook-form';
import { RadioGroupField } from '../ui/radio-group-field';

const options = [
  { value: 'agency', label: 'Healthcare Agency', description: 'Post referrals and staff visits' },
  { value: 'therapist', label: 'Therapist', description: 'PT, PTA, OT, COTA or ST' },
] as const;

/** "I am a…": which kind of account to create. */
export function AccountTypeField({ registration, defaultValue }: { registration: UseFormRegisterReturn<'userType'>; defaultValue?: string }) {
  return <RadioGroupField legend="I am a…" options={options} registration={registration} defaultValue={defaultValue} />;
}
