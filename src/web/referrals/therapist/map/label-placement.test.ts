import { describe, expect, it } from 'vitest';
import { areaAndCentroid, clipRing, containsPoint, labelSpot, visiblePiece, type Box, type Point } from './label-placement';

const square = (left: number, top: number, side: number): Point[] => [
  { x: left, y: top },
  { x: left + side, y: top },
  { x: left + side, y: top + side },
  { x: left, y: top + side },
];
const view: Box = { left: 0, top: 0, right: 400, bottom: 300 };
const label = { width: 60, height: 14 };

describe('label placement', () => {
  it('a region much larger than the screen is clipped to the screen, so its name lands in view', () => {
    const piece = visiblePiece([square(-5000, -5000, 10_000)], view);
    expect(piece?.area).toBeCloseTo(400 * 300);
    expect(piece?.centroid.x).toBeCloseTo(200);
    expect(piece?.centroid.y).toBeCloseTo(150);
    expect(labelSpot(piece!, view, label, [])).toEqual({ x: 200, y: 150 });
  });

  it('a name moves off a marker that sits on the centroid, staying inside the region', () => {
    const piece = visiblePiece([square(-5000, -5000, 10_000)], view)!;
    const marker: Box = { left: 180, top: 130, right: 330, bottom: 170 };
    const spot = labelSpot(piece, view, label, [marker]);
    expect(spot).not.toBeNull();
    expect(spot!.y).toBeLessThan(130 - label.height / 2 + 1);
  });

  it('a name finds the free spot nearest the centroid when the spots around it are all taken', () => {
    const piece = visiblePiece([square(-5000, -5000, 10_000)], view)!;
    const band: Box = { left: 100, top: 0, right: 300, bottom: 300 };
    const spot = labelSpot(piece, view, label, [band]);
    expect(spot).not.toBeNull();
    expect(spot!.x + label.width / 2 <= band.left || spot!.x - label.width / 2 >= band.right).toBe(true);
  });

  it('a region off screen, or too small to hold its name, gets no label', () => {
    expect(visiblePiece([square(500, 500, 100)], view)).toBeNull();
    const tiny = visiblePiece([square(10, 10, 12)], view)!;
    expect(labelSpot(tiny, view, label, [])).toBeNull();
  });

  it('of a region in several pieces, the largest on screen holds the name', () => {
    const piece = visiblePiece([square(10, 10, 40), square(200, 100, 150)], view);
    expect(piece?.area).toBeCloseTo(150 * 150);
    expect(piece?.centroid).toEqual({ x: 275, y: 175 });
  });

  it('a name is never placed where the region is not (a centroid outside a U-shaped region)', () => {
    const u: Point[] = [
      { x: 0, y: 0 }, { x: 60, y: 0 }, { x: 60, y: 240 }, { x: 340, y: 240 }, { x: 340, y: 0 },
      { x: 400, y: 0 }, { x: 400, y: 300 }, { x: 0, y: 300 },
    ];
    const piece = visiblePiece([u], view)!;
    expect(containsPoint(piece.ring, piece.centroid)).toBe(false);
    const spot = labelSpot(piece, view, label, []);
    expect(spot).not.toBeNull();
    expect(containsPoint(u, spot!)).toBe(true);
  });

  it('clipping and area work whichever way a ring winds', () => {
    const clockwise = square(-10, -10, 20).reverse();
    expect(clipRing(clockwise, view)).toHaveLength(4);
    expect(areaAndCentroid(clipRing(clockwise, view))).toEqual({ area: 100, centroid: { x: 5, y: 5 } });
  });
});
