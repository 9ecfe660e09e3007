import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { TherapistReferral } from '../../../domain/referrals';
import { useMapTiles } from '../../api/referrals';
import { Loading } from '../../ui/states';
import type { MapSelection } from './referral-map';

// Leaflet and the boundary data load only when a list has something to put on the map.
const ReferralMap = lazy(() => import('./referral-map'));

const placeholder = 'flex h-64 items-center justify-center rounded-xl border border-slate-200 bg-slate-100 sm:h-80 lg:h-[28rem]';

/**
 * The map beside the list. It always shows where the referrals are, on US state and county
 * boundaries shipped with the app; a configured tile server's map (or none, when asking for it
 * fails) is drawn over them.
 */
export function ReferralMapSection({ referrals, selection }: { referrals: TherapistReferral[]; selection: MapSelection | null }) {
  const tiles = useMapTiles();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
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
      {tiles.isPending ? (
        <div className={placeholder}>
          <Loading label="Loading map…" />
        </div>
      ) : (
        <Suspense
          fallback={
            <div className={placeholder}>
              <Loading label="Loading map…" />
            </div>
          }
        >
          <ReferralMap referrals={referrals} tiles={tiles.data?.tiles ?? null} selection={selection} />
        </Suspense>
      )}
      <p className="text-xs text-slate-600">
        Each marker is at the center of the patient’s ZIP code area, not at an address. State and county lines: US Census Bureau.
      </p>
    </section>
  );
}
