/**
 * Where a region's name goes on the map: inside the part of the region that is on screen, clear of
 * the referral markers and of names already placed. Pure geometry in screen pixels, so a state's
 * name stays in view however far the map is zoomed into it.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The on-screen part of a region: its largest visible piece, that piece's area and centroid. */
export interface VisiblePiece {
  ring: Point[];
  area: number;
  centroid: Point;
}

const crossAtX = (a: Point, b: Point, x: number): Point => ({ x, y: a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x) });
const crossAtY = (a: Point, b: Point, y: number): Point => ({ x: a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y), y });

/** The part of a polygon ring inside a box (Sutherland–Hodgman, one box edge at a time). */
export function clipRing(ring: readonly Point[], box: Box): Point[] {
  const edges: Array<[(p: Point) => boolean, (a: Point, b: Point) => Point]> = [
    [(p) => p.x >= box.left, (a, b) => crossAtX(a, b, box.left)],
    [(p) => p.x <= box.right, (a, b) => crossAtX(a, b, box.right)],
    [(p) => p.y >= box.top, (a, b) => crossAtY(a, b, box.top)],
    [(p) => p.y <= box.bottom, (a, b) => crossAtY(a, b, box.bottom)],
  ];
  let output = [...ring];
  for (const [inside, cross] of edges) {
    const input = output;
    output = [];
    input.forEach((current, index) => {
      const previous = input[(index + input.length - 1) % input.length]!;
      if (inside(current)) {
        if (!inside(previous)) output.push(cross(previous, current));
        output.push(current);
      } else if (inside(previous)) {
        output.push(cross(previous, current));
      }
    });
    if (output.length === 0) break;
  }
  return output;
}

/** A ring's area (whichever way it winds) and its centroid. */
export function areaAndCentroid(ring: readonly Point[]): { area: number; centroid: Point } {
  let twiceArea = 0;
  let x = 0;
  let y = 0;
  ring.forEach((a, index) => {
    const b = ring[(index + 1) % ring.length]!;
    const cross = a.x * b.y - b.x * a.y;
    twiceArea += cross;
    x += (a.x + b.x) * cross;
    y += (a.y + b.y) * cross;
  });
  if (Math.abs(twiceArea) < 1e-9) return { area: 0, centroid: ring[0] ?? { x: 0, y: 0 } };
  return { area: Math.abs(twiceArea) / 2, centroid: { x: x / (3 * twiceArea), y: y / (3 * twiceArea) } };
}

/** Whether a point lies inside a ring (even-odd rule). */
export function containsPoint(ring: readonly Point[], point: Point): boolean {
  let inside = false;
  ring.forEach((a, index) => {
    const b = ring[(index + ring.length - 1) % ring.length]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  });
  return inside;
}

export const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

const boxAround = (center: Point, size: Size): Box => ({
  left: center.x - size.width / 2,
  top: center.y - size.height / 2,
  right: center.x + size.width / 2,
  bottom: center.y + size.height / 2,
});

const within = (inner: Box, outer: Box) =>
  inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;

/** The largest piece of a region (given as its outer rings) that lies inside the view, or null. */
export function visiblePiece(rings: readonly (readonly Point[])[], view: Box): VisiblePiece | null {
  let best: VisiblePiece | null = null;
  for (const ring of rings) {
    const clipped = clipRing(ring, view);
    if (clipped.length < 3) continue;
    const { area, centroid } = areaAndCentroid(clipped);
    if (!best || area > best.area) best = { ring: clipped, area, centroid };
  }
  return best;
}

/** Spots across a piece's bounding box, a label's size apart, nearest its centroid first (at most about 64). */
function gridAround(piece: VisiblePiece, size: Size): Point[] {
  const xs = piece.ring.map((point) => point.x);
  const ys = piece.ring.map((point) => point.y);
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const stepX = Math.max(size.width, (right - left) / 8);
  const stepY = Math.max(size.height * 1.5, (bottom - top) / 8);
  const spots: Point[] = [];
  for (let x = left + size.width / 2; x <= right - size.width / 2; x += stepX) {
    for (let y = top + size.height / 2; y <= bottom - size.height / 2; y += stepY) spots.push({ x, y });
  }
  const distance = (point: Point) => Math.hypot(point.x - piece.centroid.x, point.y - piece.centroid.y);
  return spots.sort((a, b) => distance(a) - distance(b));
}

/**
 * Where to center a label of `size` in a visible piece: its centroid, or failing that a few steps
 * above, below and beside it (a marker often sits on the centroid when the map is zoomed in on it),
 * or failing those the free spot of the piece nearest its centroid. Null when the piece is too
 * small for the name or every spot is taken: the name is then left out rather than drawn over another.
 */
export function labelSpot(piece: VisiblePiece, view: Box, size: Size, taken: readonly Box[]): Point | null {
  if (piece.area < size.width * size.height * 2) return null;
  const { x, y } = piece.centroid;
  const step = size.height * 1.5;
  const candidates: Point[] = [{ x, y }];
  for (const times of [1, 2, 3, 4]) candidates.push({ x, y: y - times * step }, { x, y: y + times * step });
  for (const side of [-1, 1]) candidates.push({ x: x + side * size.width * 0.75, y });
  const free = (candidate: Point) => {
    const box = boxAround(candidate, size);
    return within(box, view) && containsPoint(piece.ring, candidate) && !taken.some((other) => overlaps(other, box));
  };
  return candidates.find(free) ?? gridAround(piece, size).find(free) ?? null;
}

/** The box a label centered at `spot` covers, to keep later labels off it. */
export const labelBox = boxAround;
