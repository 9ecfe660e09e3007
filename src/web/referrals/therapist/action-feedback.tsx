import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client';
import { referralKeys } from '../../api/referrals';
import { FormAlert } from '../../ui/field';

/**
 * Runs a referral action and keeps what to tell the user: a success line, or the server's error.
 * A conflict (409: the referral was filled, closed or changed meanwhile) also refetches, so the page
 * shows where the referral now stands beside the message.
 */
export function useActionFeedback() {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<unknown>(null);
  const run = useCallback(
    async (action: () => Promise<unknown>, success: string): Promise<boolean> => {
      setNotice('');
      setError(null);
      try {
        await action();
        setNotice(success);
        return true;
      } catch (failure) {
        setError(failure);
        if (failure instanceof ApiError && failure.status === 409) void queryClient.invalidateQueries({ queryKey: referralKeys.all });
        return false;
      }
    },
    [queryClient],
  );
  return { notice, error, run, setNotice };
}

export type ActionFeedback = ReturnType<typeof useActionFeedback>;

/**
 * The outcome of the last action: a polite status line and any error. The status line stays in the
 * accessibility tree while empty (sr-only takes no room, unlike display: none), so its change is announced.
 */
export function ActionFeedbackArea({ feedback }: { feedback: Pick<ActionFeedback, 'notice' | 'error'> }) {
  return (
    <>
      <p role="status" className="text-sm font-medium text-green-800 empty:sr-only">
        {feedback.notice}
      </p>
      <ActionError error={feedback.error} />
    </>
  );
}

export function ActionError({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError && error.status === 409) {
    return (
      <FormAlert>
        <p className="font-semibold">This referral has changed</p>
        <p>{error.message}</p>
      </FormAlert>
    );
  }
  return <FormAlert>{error instanceof Error ? error.message : 'Something went wrong. Please try again.'}</FormAlert>;
}
