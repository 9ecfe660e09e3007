import type { Database } from '../db/client';
import { sealLegacyFileNames } from '../documentation/file-name';
import { sealLegacyVisitReasons } from '../visits/reasons';
import { createPhiBox } from './phi-box';

/**
 * Start-up: seals the attachment names and visit reasons that rows written before they were sealed
 * (migration 0015) still hold in plain text, and clears those columns. Until a row is sealed its
 * readers fall back to the plain column, so nothing is lost whether this has run or not; it is
 * idempotent and shares its batches between instances starting together.
 */
export async function sealLegacyPhiText(database: Database, phiKey: string): Promise<void> {
  const phiBox = createPhiBox(phiKey);
  await sealLegacyFileNames(database, phiBox);
  await sealLegacyVisitReasons(database, phiBox);
}
