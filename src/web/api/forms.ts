import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './client';

/**
 * Puts the server's field errors onto the form's fields; returns the message to show above the form
 * when the error is not about a field the form has.
 */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): string | undefined {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  const fields = Object.entries(error.fields).filter(([name]) => known.includes(name));
  for (const [name, message] of fields) setError(name as Path<T>, { type: 'server', message });
  return fields.length > 0 ? undefined : error.message;
}
