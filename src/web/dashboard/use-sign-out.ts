import { useCallback, useState } from 'react';
import { isUnauthenticated, signOut } from '../api/auth';
import { shareSignedOut } from './session-broadcast';

/**
 * Ends the session on the server, then loads `to` afresh so nothing fetched while signed in stays
 * in memory. A session that had already ended counts as signed out.
 */
export async function signOutAndLeave(to: string): Promise<void> {
  await signOut().catch((error: unknown) => {
    if (!isUnauthenticated(error)) throw error;
  });
  shareSignedOut();
  window.location.assign(to);
}

export function useSignOut() {
  const [state, setState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const run = useCallback(() => {
    setState('pending');
    signOutAndLeave('/').catch(() => setState('failed'));
  }, []);
  return { signOut: run, pending: state === 'pending', failed: state === 'failed' };
}
