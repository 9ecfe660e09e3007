import type { MultiLineString, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';

/**
 * US state and county boundaries decoded from the Census Bureau's cartographic boundary files as
 * redistributed by the us-atlas package (TopoJSON, decoded with topojson-client). Pure: run in the
 * boundaries worker (boundaries.worker.ts), off the page's main thread.
 */

/** A state or county: its FIPS code, name, shape and bounding box ([west, south, east, north]). */
export interface Region {
  id: string;
  name: string;
  geometry: Polygon | MultiPolygon;
  bbox: [number, number, number, number];
}

/** One state's counties: each county's shape, and the lines between them (not the state's own edge). */
export interface StateCounties {
  counties: Region[];
  borders: MultiLineString;
}

type NamedGeometry = GeometryObject<{ name: string }>;
export type AtlasTopology = Topology<{ states: GeometryCollection<{ name: string }>; counties?: GeometryCollection<{ name: string }> }>;

// Only the Aleutians west of the 180th meridian, Guam and the Northern Mariana Islands lie at
// positive longitudes; moved a world to the west they sit beside Alaska and Hawaii instead of
// across the map's edge.
const westOfAntimeridian = ([longitude, latitude, ...rest]: Position): Position =>
  longitude! > 0 ? [longitude! - 360, latitude!, ...rest] : [longitude!, latitude!, ...rest];

function shiftGeometry<G extends Polygon | MultiPolygon | MultiLineString>(geometry: G): G {
  if (geometry.type === 'Polygon') return { ...geometry, coordinates: geometry.coordinates.map((ring) => ring.map(westOfAntimeridian)) };
  if (geometry.type === 'MultiLineString') return { ...geometry, coordinates: geometry.coordinates.map((line) => line.map(westOfAntimeridian)) };
  return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(westOfAntimeridian))) };
}

function bboxOf(geometry: Polygon | MultiPolygon): Region['bbox'] {
  const box: Region['bbox'] = [Infinity, Infinity, -Infinity, -Infinity];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const polygon of polygons) {
    for (const [longitude, latitude] of polygon[0] ?? []) {
      box[0] = Math.min(box[0], longitude!);
      box[1] = Math.min(box[1], latitude!);
      box[2] = Math.max(box[2], longitude!);
      box[3] = Math.max(box[3], latitude!);
    }
  }
  return box;
}

function regionOf(topology: AtlasTopology, object: NamedGeometry): Region | null {
  const decoded = feature(topology, object);
  if (!('geometry' in decoded) || !decoded.geometry) return null;
  if (decoded.geometry.type !== 'Polygon' && decoded.geometry.type !== 'MultiPolygon') return null;
  const geometry = shiftGeometry(decoded.geometry);
  return { id: String(object.id), name: (object.properties as { name?: string } | undefined)?.name ?? '', geometry, bbox: bboxOf(geometry) };
}

/** Every state, the District of Columbia and the territories. */
export function decodeStates(topology: AtlasTopology): Region[] {
  return topology.objects.states.geometries.flatMap((object) => regionOf(topology, object) ?? []);
}

/** The counties of one state (by its two-digit FIPS code). */
export function decodeCounties(topology: AtlasTopology, stateId: string): StateCounties {
  const collection = topology.objects.counties;
  if (!collection) throw new Error('The county file has no counties');
  // A county's FIPS code starts with its state's.
  const inState = (object: { id?: string | number }) => String(object.id).startsWith(stateId);
  return {
    counties: collection.geometries.flatMap((object) => (inState(object) ? (regionOf(topology, object) ?? []) : [])),
    // Lines shared by two counties of this state: the state's own edge is drawn by the state layer.
    borders: shiftGeometry(mesh(topology, collection, (a, b) => a !== b && inState(a) && inState(b))),
  };
}
