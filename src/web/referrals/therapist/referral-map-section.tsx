import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import type { TherapistReferralSummary } from '../../../domain/referral-summaries';
import { useMapTiles } from '../../api/referrals';
import { Loading } from '../../ui/states';
import type { MapSelection } from './referral-map';

// Leaflet and the boundary data load only when a list has something to put on the map.
const ReferralMap = lazy(() => import('./referral-map'));

const placeholder = 'flex h-64 items-center justify-center rounded-xl border border-slate-200 bg-slate-100 sm:h-80 lg:h-[28rem]';
// How far below the screen the map starts loading, so a scrolling thumb mostly finds it drawn.
const AHEAD = '200px';

/**
 * The map beside the list (below it on a phone). It always shows where the referrals are, on US
 * state and county boundaries shipped with the app; a configured tile server's map (or none, when
 * asking for it fails) is drawn over them.
 *
 * Leaflet is the page's largest script and keeps a phone's main thread busy for a long while as it
 * starts, so the map is drawn once its place comes near the screen: at once on a wide screen, where
 * it stands beside the list; on a phone when the user scrolls to it, follows "View Map" to it, or
 * asks the list to show a referral on it.
 */
export function ReferralMapSection({ referrals, selection }: { referrals: TherapistReferralSummary[]; selection: MapSelection | null }) {
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const nearScreen = useNearScreen(section);
  // "View Map" links here (#referral-map-heading); the section exists only once the list has loaded,
  // after the browser's own jump to the anchor, so it is brought into view here.
  useEffect(() => {
    if (hash === '#referral-map-heading') section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <section ref={section} aria-labelledby="referral-map-heading" className="space-y-2 scroll-mt-4">
      <h2 id="referral-map-heading" className="text-lg font-semibold text-slate-900">
        Map
      </h2>
      {nearScreen || selection !== null ? <MapWithTiles referrals={referrals} selection={selection} /> : <div className={placeholder} />}
      <p className="text-xs text-slate-600">
        Each marker is at the center of the patient’s ZIP code area, not at an address. State and county lines: US Census Bureau.
      </p>
    </section>
  );
}

function MapWithTiles({ referrals, selection }: { referrals: TherapistReferralSummary[]; selection: MapSelection | null }) {
  const tiles = useMapTiles();
  const loading = (
    <div className={placeholder}>
      <Loading label="Loading map…" />
    </div>
  );
  if (tiles.isPending) return loading;
  return (
    <Suspense fallback={loading}>
      <ReferralMap referrals={referrals} tiles={tiles.data?.tiles ?? null} selection={selection} />
    </Suspense>
  );
}

/** Whether the element has come within AHEAD of the screen; once true, it stays true. */
function useNearScreen(element: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${AHEAD} 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
