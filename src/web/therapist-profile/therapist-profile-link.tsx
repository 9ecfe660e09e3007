import { UserRound } from 'lucide-react';
import { Link } from 'react-router';

/** "View Dana Whitfield's profile": from a response or a match to what the agency judges them by. */
export function TherapistProfileLink({ therapist }: { therapist: { therapistId: string; firstName: string; lastName: string } }) {
  return (
    <Link
      to={`/dashboard/agency/therapists/${therapist.therapistId}`}
      className="inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-700 underline hover:no-underline"
    >
      <UserRound className="size-4 shrink-0" aria-hidden />
      View {therapist.firstName} {therapist.lastName}’s profile
    </Link>
  );
}
