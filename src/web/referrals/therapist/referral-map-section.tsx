import { lazy, Suspense } from 'react';
import type { TherapistReferral } from '../../../domain/referrals';
import { useMapTiles } from '../../api/referrals';
import { Loading } from '../../ui/states';
import type { MapSelection } from './referral-map';

// Leaflet loads only when a list has something to put on the map.
const ReferralMap = lazy(() => import('./referral-map'));

const placeholder = 'flex h-64 items-center justify-center rounded-xl border border-slate-200 bg-slate-100 sm:h-80 lg:h-[28rem]';

/**
 * The map beside the list. Without a configured tile server (or when asking for one fails) the map
 * still draws its markers, on a plain background, and says why there is no base map.
 */
export function ReferralMapSection({ referrals, selection }: { referrals: TherapistReferral[]; selection: MapSelection | null }) {
  const tiles = useMapTiles();
  return (
    <section aria-labelledby="referral-map-heading" className="space-y-2">
      <h2 id="referral-map-heading" className="text-lg font-semibold text-slate-900">
        Map
      </h2>
      {tiles.isPending ? (
        <div className={placeholder}>
          <Loading label="Loading map…" />
        </div>
      ) : (
        <>
          {!tiles.data?.tiles && (
            <p data-testid="no-base-map" className="text-sm text-slate-600">
              No base map is configured, so the referrals are shown on a plain background.
            </p>
          )}
          <Suspense
            fallback={
              <div className={placeholder}>
                <Loading label="Loading map…" />
              </div>
            }
          >
            <ReferralMap referrals={referrals} tiles={tiles.data?.tiles ?? null} selection={selection} />
          </Suspense>
        </>
      )}
      <p className="text-xs text-slate-600">Each marker is the centre of the patient’s ZIP code area, not an address.</p>
    </section>
  );
}
