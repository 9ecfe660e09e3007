import type { UseFormRegisterReturn } from 'react-hook-form';
import { inquirerTypeLabels, inquirerTypes } from '../../domain/inquiries';
import { RadioGroupField } from '../ui/radio-group-field';

const options = inquirerTypes.map((type) => ({ value: type, label: inquirerTypeLabels[type] }));

/** "Who are you?" as a radio group: agency, therapist or other, with its error tied to the group. */
export function UserTypeField({ registration, error }: { registration: UseFormRegisterReturn<'userType'>; error?: string }) {
  return <RadioGroupField legend="I am a…" options={options} columns={3} registration={registration} error={error} />;
}
