import { useQuery } from '@tanstack/react-query';
import { authKeys, fetchMe } from '../api/auth';

/** The zone the browser runs in: what a new user is offered, and the clock until /api/me answers. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * The viewer's time zone, from /api/me: the zone every time on the page is read in. It shares
 * /api/me's cached answer and, unlike useMe, never refetches it on mount, so a list of a hundred
 * times costs no requests. Signed-in pages load /api/me first, so the browser's zone is only a
 * stand-in for the moment before the first answer.
 */
export function useTimeZone(): string {
  const me = useQuery({ queryKey: authKeys.me, queryFn: fetchMe, staleTime: Infinity, select: (data) => data.timeZone });
  return me.data ?? browserTimeZone();
}
