import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../test/axe';
import { startE2e, type E2e } from '../test/e2e';
import { buildAgency, buildTherapist, signIn } from '../test/factories';
import { createReferral } from '../test/referrals';
import { TILE_COLOR, TileServerDouble } from '../test/tile-server';

/**
 * The therapist's referral map shows place without a tile server: US state and county boundaries
 * shipped with the app, the state's name, and a labeled marker per referral that opens its popup
 * from the keyboard. A configured tile server's map is drawn over the boundaries.
 */

const viewports = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const AUSTIN = { marker: 'PT · Austin, TX', title: 'PT referral in Austin, TX 78704' };
const ROUND_ROCK = { marker: 'PT · Round Rock, TX', title: 'PT referral in Round Rock, TX 78664' };
/** The fill of a state on the base layer (map/base-map.ts). */
const STATE_FILL = { r: 255, g: 255, b: 255 };

/** A therapist in Austin with two referrals posted near them (78704 and 78664), on the list page. */
async function mapWithTwoReferrals(e2e: E2e, viewport: { width: number; height: number }) {
  const db = e2e.app.runtime.database.db;
  const therapist = await buildTherapist(db);
  const agency = await buildAgency(db, { companyName: `Hill Country Home Health ${randomUUID().slice(0, 4)}` });
  const cookie = await signIn(e2e.app.url, agency);
  await createReferral(e2e.app.url, cookie);
  await createReferral(e2e.app.url, cookie, { patientZip: '78664', urgency: 'urgent' });

  const page = await e2e.signedInPage(therapist, { viewport });
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto('/dashboard/therapist/referrals');
  await page.getByRole('heading', { name: '2 open referrals', level: 2 }).waitFor();
  // On a phone the map comes after the list and is drawn (Leaflet loaded) only as it nears the screen;
  // on a wide screen it stands beside the list, drawn at once.
  const phone = viewport.width < 1024;
  if (phone) {
    // Everything the page asked for has arrived (an open event stream aside), and still no map.
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('referral-map').count()).toBe(0);
  }
  else await page.getByTestId('referral-map').waitFor();
  await page.getByRole('heading', { name: 'Map', level: 2 }).scrollIntoViewIfNeeded();
  const map = page.getByTestId('referral-map');
  await map.scrollIntoViewIfNeeded();
  return { page, map, cspViolations };
}

const boundaryPaths = (map: Locator) => map.locator('.leaflet-basemap-pane path');

/**
 * The share of the map's pixels, as a screenshot shows them, that are `color`: what a user sees,
 * whatever the layers' order in the DOM. The screenshot is decoded by the page's own canvas.
 */
async function shareOfColor(page: Page, map: Locator, color: { r: number; g: number; b: number }) {
  const png = (await map.screenshot({ animations: 'disabled' })).toString('base64');
  return page.evaluate(
    async ([data, { r, g, b }]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let matching = 0;
      for (let at = 0; at < pixels.length; at += 4) {
        if (Math.abs(pixels[at]! - r) <= 8 && Math.abs(pixels[at + 1]! - g) <= 8 && Math.abs(pixels[at + 2]! - b) <= 8) matching += 1;
      }
      return matching / (pixels.length / 4);
    },
    [png, color] as const,
  );
}

async function opensFromKeyboard(page: Page, map: Locator, marker: Locator, key: 'Enter' | ' ', title: string) {
  await marker.focus();
  await page.keyboard.press(key);
  const popup = map.locator('.leaflet-popup');
  await popup.getByText(title, { exact: true }).waitFor();
  // The popup's link takes the focus, and Escape goes back to the marker.
  const link = popup.getByRole('link', { name: 'View referral' });
  await expect.poll(() => link.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('Escape');
  await popup.waitFor({ state: 'detached' });
  await expect.poll(() => marker.evaluate((element) => element === document.activeElement)).toBe(true);
}

describe('the referral map with no tile server configured', () => {
  let e2e: E2e;
  beforeAll(async () => {
    e2e = await startE2e();
  });
  afterAll(() => e2e?.close());

  for (const viewport of viewports) {
    it(`draws state boundaries, names the state and labels each referral, reachable by keyboard (${viewport.width}×${viewport.height})`, async () => {
      const { page, map, cspViolations } = await mapWithTwoReferrals(e2e, viewport);

      await boundaryPaths(map).first().waitFor({ state: 'attached' });
      expect(await boundaryPaths(map).count()).toBeGreaterThan(0);
      await map.getByText('Texas', { exact: true }).waitFor();
      // Zoomed in on the referrals, the counties are drawn and named too (Austin is in Travis County).
      await map.getByText('Travis', { exact: true }).waitFor();
      expect(await map.locator('.leaflet-tile').count()).toBe(0);
      expect(await page.getByText(/no base map/i).count()).toBe(0);
      expect(await page.getByText('Each marker is at the center of the patient’s ZIP code area, not at an address.', { exact: false }).isVisible()).toBe(true);
      // Not a grey box: zoomed in on Austin, most of the map is the white of a state drawn on it.
      // Drawn once the map has settled on the referrals (under load the fit may still be under way).
      await expect.poll(() => shareOfColor(page, map, STATE_FILL)).toBeGreaterThan(0.5);

      const austin = map.getByRole('button', { name: AUSTIN.marker, exact: true });
      const roundRock = map.getByRole('button', { name: ROUND_ROCK.marker, exact: true });
      for (const marker of [austin, roundRock]) {
        expect(await marker.isVisible()).toBe(true);
        expect(await marker.getAttribute('tabindex')).toBe('0');
        const box = await marker.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(44);
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      await opensFromKeyboard(page, map, austin, 'Enter', AUSTIN.title);
      await opensFromKeyboard(page, map, roundRock, ' ', ROUND_ROCK.title);

      // A click opens the popup as before, and its link goes to the referral.
      await roundRock.click();
      const popup = map.locator('.leaflet-popup');
      await popup.getByRole('link', { name: 'View referral' }).waitFor();
      // axe would judge the link's contrast halfway through Leaflet's fade-in.
      await expect.poll(() => popup.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await map.locator('.leaflet-popup').getByRole('link', { name: 'View referral' }).click();
      await page.getByRole('heading', { name: ROUND_ROCK.title, level: 1 }).waitFor();
      expect(cspViolations).toEqual([]);
    });
  }
});

describe('the referral map with a tile server configured', () => {
  let e2e: E2e;
  const tiles = new TileServerDouble();
  beforeAll(async () => {
    await tiles.start();
    e2e = await startE2e({ LEAFLET_TILE_URL: tiles.template, LEAFLET_TILE_ATTRIBUTION: 'Tiles from the test server' });
  });
  afterAll(async () => {
    await e2e?.close();
    await tiles.stop();
  });

  for (const viewport of viewports) {
    it(`requests tiles from it and draws them over the boundaries, under the markers (${viewport.width}×${viewport.height})`, async () => {
      const before = tiles.requested.length;
      const { page, map, cspViolations } = await mapWithTwoReferrals(e2e, viewport);

      await map.locator('img.leaflet-tile-loaded').first().waitFor();
      expect(tiles.requested.length).toBeGreaterThan(before);
      expect(tiles.requested.every((path) => /^\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
      await boundaryPaths(map).first().waitFor({ state: 'attached' });
      // The tiles cover the boundaries (no state's white shows through them)...
      // Every visible tile loads in its own time: wait until they cover the map.
      await expect.poll(() => shareOfColor(page, map, TILE_COLOR)).toBeGreaterThan(0.5);
      await expect.poll(() => shareOfColor(page, map, STATE_FILL)).toBeLessThan(0.1);
      // ...and the markers stay on top of the tiles: a click on one reaches it.
      const austin = map.getByRole('button', { name: AUSTIN.marker, exact: true });
      await austin.click({ trial: true, timeout: 2_000 });
      expect(await map.getByText('Tiles from the test server').isVisible()).toBe(true);
      await opensFromKeyboard(page, map, austin, 'Enter', AUSTIN.title);
      expect(cspViolations).toEqual([]);
    });
  }
});
