import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { evvExportMessages } from '../src/domain/evv-export';
import { evvExportColumns } from '../src/server/evv-export/columns';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency } from '../test/factories';
import { smallTapTargets } from '../test/tap-targets';
import { buildVisit } from '../test/visit-fixtures';

/**
 * The agency opens its Schedule from the navigation, asks for an EVV export with the days the wrong
 * way round and sees why on the field, then downloads the CSV holding its checked-in visit.
 */

let e2e: E2e;
beforeAll(async () => {
  e2e = await startE2e();
});
afterAll(() => e2e.close());

it('agency downloads the EVV export from its schedule; a bad range is named on the field', async () => {
  const db = e2e.app.runtime.database.db;
  const agency = await buildAgency(db, { companyName: 'Bluebird Home Care' });
  const visit = await buildVisit(db, { agencyId: agency.userId, checkInAt: new Date('2026-03-10T15:00:00Z'), checkOutAt: new Date('2026-03-10T16:00:00Z') });

  const page = await e2e.signedInPage(agency, { aal: 'aal2', viewport: { width: 390, height: 844 } });
  await page.goto('/dashboard/agency/schedule');
  const card = page.getByRole('region', { name: 'EVV export' });
  await card.waitFor();
  expect(await smallTapTargets(page, { within: 'section[aria-labelledby="evv-export-title"]' })).toEqual([]);

  await card.getByLabel('From').fill('2026-03-31');
  await card.getByLabel('To').fill('2026-03-01');
  await card.getByRole('button', { name: 'Download' }).click();
  await card.getByText(evvExportMessages.order).waitFor();

  await card.getByLabel('From').fill('2026-03-01');
  await card.getByLabel('To').fill('2026-03-31');
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('carerelay-evv-2026-03-01-to-2026-03-31.csv');
  const path = await download.path();
  const text = await readFile(path, 'utf8');
  const [head, row] = text.split('\r\n');
  expect(head).toBe(evvExportColumns.map((column) => column.key).join(','));
  expect(row?.startsWith(`${visit.id},evaluation,`)).toBe(true);
  await card.getByText('Downloaded carerelay-evv-2026-03-01-to-2026-03-31.csv.').waitFor();
});
