import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { locateZip } from './zip-centroids';

/**
 * A therapist's location on file is the centroid of their ZIP, stored beside it on their profile
 * so matching can find the therapists near a patient with a spatial index
 * (referrals/therapist-queries.ts). Whatever writes `zip_code` writes these with it.
 */

export type StoredLocation = { latitude: number | null; longitude: number | null };

/** The columns to write with `zip_code`: its centroid, or nulls for a ZIP no centroid is known for. */
export function locationColumnsOf(zip: string): StoredLocation {
  const place = locateZip(zip);
  return place ? { latitude: place.latitude, longitude: place.longitude } : { latitude: null, longitude: null };
}

/**
 * Fills in the location of therapists who have none yet (those from before migration 0023, or
 * written by something that set only the ZIP), at startup after the migrations. The centroids live
 * in the zipcodes package, which SQL cannot read. ZIPs no centroid is known for stay null and are
 * looked at again next time (few, and read through a partial index). Returns how many were located.
 */
export async function locateUnlocatedTherapists(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: string; zip_code: string }>(
    sql`select id, zip_code from therapist_profiles where latitude is null`,
  );
  const located = rows.flatMap((row) => {
    const place = locateZip(row.zip_code);
    return place ? [{ id: row.id, latitude: place.latitude, longitude: place.longitude }] : [];
  });
  if (located.length === 0) return 0;
  await db.execute(sql`
    update therapist_profiles p set latitude = l.latitude, longitude = l.longitude
    from unnest(${sql.param(located.map((l) => l.id))}::text[], ${sql.param(located.map((l) => l.latitude))}::float8[],
                ${sql.param(located.map((l) => l.longitude))}::float8[]) as l(id, latitude, longitude)
    where p.id = l.id and p.latitude is null`);
  return located.length;
}
