import { lazy, Suspense, useState } from 'react';
import { useIdleTimeout } from './use-idle-timeout';

// Radix's dialog and the warning load only when it first shows: most visits never see it.
const IdleWarningDialog = lazy(async () => ({ default: (await import('./idle-warning-dialog')).IdleWarningDialog }));

/**
 * The idle-timeout warning of the signed-in area: an alert dialog with a live countdown, "Stay signed
 * in" (a request that refreshes the session) and "Sign out". At the limit `onExpired` signs out.
 */
export function IdleTimeout(props: {
  sessionIdleSeconds: number;
  refreshedAt: number;
  onExpired: () => void;
  onSessionGone: () => void;
  onSignOut: () => void;
}) {
  const idle = useIdleTimeout(props);
  // Once loaded, the dialog stays mounted, so it closes the way Radix does.
  const [warned, setWarned] = useState(false);
  if (idle.warning && !warned) setWarned(true);
  const minutes = Math.round(props.sessionIdleSeconds / 60);
  const idleSpan = minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${props.sessionIdleSeconds} seconds`;

  if (!warned) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarningDialog idle={idle} idleSpan={idleSpan} onSignOut={props.onSignOut} />
    </Suspense>
  );
}
