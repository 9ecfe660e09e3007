import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactMessageSchema, type ContactMessage, type ContactMessageInput } from '../../domain/inquiries';
import { applyServerErrors } from '../api/forms';
import { useSendContactMessage } from '../api/inquiries';
import { Button } from '../ui/button';
import { FormAlert, TextAreaField, TextField } from '../ui/field';
import { UserTypeField } from './user-type-field';

const fieldNames = ['name', 'email', 'company', 'phone', 'userType', 'subject', 'message'] as const;

/** The contact form; validated with the same schema as POST /api/contact, whose field errors land on the fields. */
export function ContactForm({ defaultSubject, onSent }: { defaultSubject: string; onSent: () => void }) {
  const send = useSendContactMessage();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: '', email: '', company: '', phone: '', subject: defaultSubject, message: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await send.mutateAsync(values);
      onSent();
    } catch (error) {
      setFailure(applyServerErrors(error, setError, fieldNames));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-form-title" className="space-y-5">
      <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
        Send us a message
      </h2>
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Company" optional autoComplete="organization" error={errors.company?.message} {...register('company')} />
        <TextField label="Phone" optional type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      </div>
      <UserTypeField registration={register('userType')} error={errors.userType?.message} />
      <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
      <TextAreaField label="Message" rows={6} error={errors.message?.message} {...register('message')} />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send message'}
      </Button>
    </form>
  );
}
