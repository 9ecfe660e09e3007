import { useSearchParams } from 'react-router';
import { signupMessages } from '../../domain/signup';
import { FormAlert } from '../ui/field';

/**
 * Why a social sign-in came back refused (`/?socialError=1&error=<code>`, set by the server's
 * error redirect). An email that already has an account is never joined to the provider's sign-in.
 */
export function socialSignInErrorMessage(code: string | null): string {
  if (code === 'account_not_linked') return signupMessages.emailTaken;
  if (code === 'access_denied') return 'Sign-in was cancelled at the provider.';
  return 'Signing in with that provider did not work. Please try again or log in with your email and password.';
}

/** The message for a refused social sign-in, where the page shows it (e.g. above the login form). */
export function SocialSignInError() {
  const [params] = useSearchParams();
  if (params.get('socialError') !== '1') return null;
  return <FormAlert>{socialSignInErrorMessage(params.get('error'))}</FormAlert>;
}
