import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VisitNotesView } from '../../domain/documentation';
import type { VisitDetail } from '../../domain/visits';
import { api } from '../api/client';
import { documentationKeys } from '../api/documentation';
import { notificationKeys, type NotificationList } from '../api/notifications';
import { visitKeys } from '../api/visits';

const newestId = (list: NotificationList | undefined) => list?.items.reduce((max, item) => Math.max(max, item.id), 0);

/**
 * Reloads a visit and its notes when a notification about that visit arrives over the header's
 * event stream (the therapist signed; the agency returned or approved), so the other side's step
 * shows on an open visit page — following the notification to the page already open would
 * otherwise change nothing. Like useLiveReferral, it watches the notification cache and loads in
 * the background, so an open page does not keep an idle session alive.
 */
export function useLiveVisitNotes(visitId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const link = `/visits/${visitId}`;
    let seen = newestId(queryClient.getQueryData<NotificationList>(notificationKeys.list));
    return queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (event.type !== 'updated' || key[0] !== notificationKeys.list[0] || key[1] !== notificationKeys.list[1]) return;
      const list = event.query.state.data as NotificationList | undefined;
      const newest = newestId(list);
      if (newest === undefined) return;
      const before = seen;
      seen = Math.max(before ?? 0, newest);
      // The first list this page sees is history, not news.
      if (before === undefined || !list?.items.some((item) => item.id > before && item.link.endsWith(link))) return;
      const reload = <T>(queryKey: readonly unknown[], path: string) =>
        queryClient.fetchQuery({ queryKey, queryFn: () => api<T>(path, { background: true }) }).catch(() => undefined);
      void reload<VisitNotesView>(documentationKeys.notes(visitId), `/api/visits/${visitId}/notes`);
      void reload<VisitDetail>(visitKeys.detail(visitId), `/api/visits/${visitId}`);
    });
  }, [visitId, queryClient]);
}
