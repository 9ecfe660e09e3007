import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { forgotPasswordSchema, signInSchema, type ForgotPasswordInput, type SignInInput } from '../../domain/auth';
import { requestPasswordReset, signIn } from '../api/auth';
import { safeNext, signedInPath } from '../mfa/safe-next';
import { forgetTwoStepOffer } from './after-sign-in';
import { DemoSignIn } from './demo-sign-in';
import { SocialSignInButtons } from './social-sign-in-buttons';
import { SocialSignInError } from './social-sign-in-error';
import { Button } from '../ui/button';
import type { LoginView } from '../layout/login-context';
import { Dialog } from '../ui/dialog';
import { FormAlert, TextField } from '../ui/field';

type View = 'sign-in' | 'forgot' | 'check-email';

const titles: Record<View, string> = {
  'sign-in': 'Log in to CareRelay',
  forgot: 'Reset your password',
  'check-email': 'Check your email',
};

/**
 * The public site's login dialog: sign in, forgot password, and the 'Check your email' confirmation.
 * A successful sign-in loads /signed-in afresh, which goes on (through the second factor, onboarding
 * or the two-step offer) to `next` from the address, a page of the signed-in area, or /dashboard,
 * which sends each user where their account belongs.
 */
export function LoginDialog({
  open,
  onOpenChange,
  initialView = 'sign-in',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialView?: LoginView;
}) {
  const [view, setView] = useState<View>(initialView);
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // Opened by itself for a link into the signed-in area: say why.
  const continuing = params.get('signIn') === '1';
  const [sentTo, setSentTo] = useState('');
  // Remounting the forms resets their fields and errors when the dialog goes back to sign-in.
  const [generation, setGeneration] = useState(0);

  const backToLogin = () => {
    setView('sign-in');
    setGeneration((g) => g + 1);
  };
  const changeOpen = (next: boolean) => {
    if (!next) backToLogin();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen} title={titles[view]}>
      {view === 'sign-in' && continuing && <p className="text-sm text-slate-700">Log in to continue to the page you opened.</p>}
      {view === 'sign-in' && <SignInForm key={generation} next={next} onForgot={() => setView('forgot')} />}
      {view === 'sign-in' && <DemoSignIn next={next} />}
      {view === 'forgot' && (
        <ForgotForm
          key={generation}
          onSent={(email) => {
            setSentTo(email);
            setView('check-email');
          }}
          onBack={backToLogin}
        />
      )}
      {view === 'check-email' && (
        <div className="space-y-4 text-center">
          <MailCheck className="mx-auto size-10 text-brand-700" aria-hidden />
          <p className="text-slate-700">
            If an account exists for <strong>{sentTo}</strong>, we have sent a link to reset your password. The link
            expires in 30 minutes.
          </p>
          <Button className="w-full" onClick={backToLogin}>
            Back to Login
          </Button>
        </div>
      )}
    </Dialog>
  );
}

function SignInForm({ next, onForgot }: { next: string; onForgot: () => void }) {
  const [failure, setFailure] = useState<string>();
  // Stays true while the browser loads the dashboard, so the button cannot be pressed twice.
  const [leaving, setLeaving] = useState(false);
  const { register, handleSubmit, formState } = useForm<SignInInput>({ resolver: zodResolver(signInSchema) });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await signIn(values);
      setLeaving(true);
      forgetTwoStepOffer();
      // A full load: nothing cached for a previous visitor survives into the signed-in area.
      window.location.assign(signedInPath(next));
    } catch (error) {
      setFailure((error as Error).message);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Log in">
      <SocialSignInError />
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting || leaving}>
        {formState.isSubmitting || leaving ? 'Signing in…' : 'Log in'}
      </Button>
      <button type="button" onClick={onForgot} className="w-full text-center text-sm font-medium text-brand-700 hover:underline">
        Forgot password?
      </button>
      <SocialSignInButtons next={next} />
    </form>
  );
}

function ForgotForm({ onSent, onBack }: { onSent: (email: string) => void; onBack: () => void }) {
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema) });
  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await requestPasswordReset(values);
      onSent(values.email);
    } catch (error) {
      setFailure((error as Error).message);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reset your password">
      <p className="text-sm text-slate-600">Enter the email you signed up with and we will send you a link to set a new password.</p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <TextField label="Email" type="email" autoComplete="email" error={formState.errors.email?.message} {...register('email')} />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Sending…' : 'Send reset link'}
      </Button>
      <button type="button" onClick={onBack} className="w-full text-center text-sm font-medium text-brand-700 hover:underline">
        Back to Login
      </button>
    </form>
  );
}
