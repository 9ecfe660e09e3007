import { ApiError } from '../api/client';
import { FormAlert } from '../ui/field';

/** Where the text went (announced, so a screen reader hears a new code was sent), or why it did not. */
export function SendCodeStatus({ to, sends, error }: { to: string; sends: number; error?: Error | null }) {
  if (error) {
    const message = error instanceof ApiError && error.status < 500 ? error.message : 'We could not send a code. Please try again.';
    return <FormAlert>{message}</FormAlert>;
  }
  return (
    <p role="status" className="text-sm text-slate-700">
      {sends === 1 && `We sent a 6-digit code to ${to}. It expires in 10 minutes.`}
      {sends > 1 && `We sent a new code to ${to}. Only the newest code works.`}
    </p>
  );
}
