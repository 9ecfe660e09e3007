import { ApiError } from '../api/client';
import { isMfaRequired } from '../api/mfa';
import { FormAlert } from '../ui/field';
import { MfaRequiredNotice } from './mfa-required-notice';

/** A refused enrolment that belongs on one of the form's fields (name taken, bad number). */
export function enrolFailure(error: unknown): { name: 'friendlyName' | 'phone'; message: string } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.fields.friendlyName) return { name: 'friendlyName', message: error.fields.friendlyName };
  if (error.fields.phone) return { name: 'phone', message: error.fields.phone };
  return undefined;
}

/** Any other refusal: this session must verify first, or the server's message. */
export function EnrolNameError({ error }: { error: unknown }) {
  if (isMfaRequired(error)) return <MfaRequiredNotice />;
  const message =
    error instanceof ApiError && error.status < 500 ? error.message : 'Something went wrong. Please try again.';
  return <FormAlert>{message}</FormAlert>;
}
