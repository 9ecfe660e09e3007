import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** A confirmation carried to the referral page in the history entry's state ("Referral posted. …"). */
export interface ReferralNoticeState {
  notice?: string;
}

/**
 * The notice the previous page left, kept in component state so the page can replace it with its
 * own. The history entry forgets it at once, so a reload or Back does not announce it again.
 */
export function useReferralNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const carried = (location.state as ReferralNoticeState | null)?.notice;
  const notice = useState<string | undefined>(typeof carried === 'string' ? carried : undefined);
  useEffect(() => {
    if (carried !== undefined) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [carried, location.pathname, location.search, navigate]);
  return notice;
}
