import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { divIcon, geoJSON, marker, type GeoJSON, type LatLngBounds, type Map as LeafletMap, type Marker } from 'leaflet';
import { labelBox, labelSpot, visiblePiece, type Box, type Point, type Size, type VisiblePiece } from './label-placement';
import { loadCounties, loadStates, type Region } from './us-boundaries';

/**
 * The map's offline base layer: state boundaries, and county lines once zoomed in far enough to
 * tell counties apart, each named in the part of it on screen. It needs no tile server and no
 * network beyond our own origin.
 *
 * Both panes sit below Leaflet's tile pane (z-index 200), so a configured tile server's images
 * cover them where they load and the boundaries show through wherever a tile does not.
 */

const BOUNDARY_PANE = 'basemap';
const LABEL_PANE = 'basemapLabels';
/** From this zoom a county is large enough on screen to be worth drawing, and from the next to name. */
export const COUNTY_ZOOM = 7;
const COUNTY_LABEL_ZOOM = COUNTY_ZOOM + 1;
/** Names keep this far from the map's edge. */
const EDGE = 6;

const stateStyle = { color: '#64748b', weight: 1.2, fillColor: '#ffffff', fillOpacity: 1 };
const countyStyle = { color: '#94a3b8', weight: 0.7, fill: false };
const labelClasses = {
  state: 'text-[11px] font-semibold tracking-wider text-slate-700 uppercase',
  county: 'text-[11px] text-slate-600 italic',
};

interface Label {
  region: Region;
  kind: keyof typeof labelClasses;
  marker: Marker;
  text: HTMLElement;
  size?: Size;
}

interface StateCountyLayer {
  lines: GeoJSON;
  labels: Label[];
}

export interface BaseMap {
  /** Places the names again, e.g. after the referral markers changed (names keep clear of them). */
  relabel(): void;
  /** Stops boundary data still loading from being added to a map that is gone. */
  remove(): void;
}

const asFeatures = (geometries: Geometry[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: geometries.map((geometry): Feature => ({ type: 'Feature', properties: {}, geometry })),
});

const intersects = (bounds: LatLngBounds, [west, south, east, north]: Region['bbox']) =>
  west <= bounds.getEast() && east >= bounds.getWest() && south <= bounds.getNorth() && north >= bounds.getSouth();

function outerRings(region: Region): [number, number][][] {
  const polygons = region.geometry.type === 'Polygon' ? [region.geometry.coordinates] : region.geometry.coordinates;
  return polygons.map((polygon) => (polygon[0] ?? []) as [number, number][]);
}

function createLabel(region: Region, kind: Label['kind']): Label {
  const text = document.createElement('span');
  // Centered on the label's point; a white halo keeps the name readable across boundary lines.
  text.className = `absolute -translate-x-1/2 -translate-y-1/2 whitespace-nowrap leading-none [text-shadow:0_0_2px_#fff,0_0_3px_#fff,0_0_4px_#fff] ${labelClasses[kind]}`;
  text.textContent = region.name;
  const icon = divIcon({ className: 'invisible', html: text, iconSize: undefined });
  // Not interactive: a name is no tab stop and lets a drag or a click through to the map.
  const label = marker([0, 0], { icon, interactive: false, keyboard: false, pane: LABEL_PANE });
  return { region, kind, marker: label, text };
}

export function addBaseMap(map: LeafletMap): BaseMap {
  // Leaflet draws every path of a pane into one SVG of that pane's own.
  map.createPane(BOUNDARY_PANE).style.zIndex = '150';
  map.createPane(LABEL_PANE).style.zIndex = '160';
  let states: Region[] = [];
  let stateLabels: Label[] = [];
  const countyLayers = new Map<string, StateCountyLayer | 'loading'>();
  let removed = false;

  const boxOf = (element: Element, container: DOMRect): Box => {
    const rect = element.getBoundingClientRect();
    return { left: rect.left - container.left, top: rect.top - container.top, right: rect.right - container.left, bottom: rect.bottom - container.top };
  };

  function visiblePieceOf(region: Region, view: Box): VisiblePiece | null {
    const rings = outerRings(region).map((ring) => ring.map(([longitude, latitude]): Point => map.latLngToContainerPoint([latitude, longitude])));
    return visiblePiece(rings, view);
  }

  function hide(label: Label) {
    label.marker.getElement()?.classList.add('invisible');
  }

  /** Places each region's name, largest visible piece first, where it overlaps nothing placed before. */
  function placeLabels(labels: Label[], view: Box, taken: Box[]) {
    const bounds = map.getBounds();
    const visible: Array<{ label: Label; piece: VisiblePiece }> = [];
    for (const label of labels) {
      const piece = intersects(bounds, label.region.bbox) ? visiblePieceOf(label.region, view) : null;
      if (piece) visible.push({ label, piece });
      else hide(label);
    }
    visible.sort((a, b) => b.piece.area - a.piece.area);
    // Every name onto the map first, then every new one measured: measuring each right after adding
    // it made the browser lay out the page once per name (hundreds of layouts in a county-level view).
    for (const { label } of visible) if (!map.hasLayer(label.marker)) label.marker.addTo(map);
    for (const { label } of visible) label.size ??= { width: label.text.offsetWidth, height: label.text.offsetHeight };
    for (const { label, piece } of visible) {
      if (!label.size) continue;
      const spot = labelSpot(piece, view, label.size, taken);
      if (!spot) {
        hide(label);
        continue;
      }
      label.marker.setLatLng(map.containerPointToLatLng([spot.x, spot.y]));
      label.marker.getElement()?.classList.remove('invisible');
      taken.push(labelBox(spot, label.size));
    }
  }

  function relabel() {
    if (removed) return;
    const size = map.getSize();
    const view: Box = { left: EDGE, top: EDGE, right: size.x - EDGE, bottom: size.y - EDGE };
    const container = map.getContainer().getBoundingClientRect();
    // The referral markers (and their names) and the map's controls come first: a place name never covers one.
    const obstacles = [
      ...(map.getPane('markerPane')?.querySelectorAll('.leaflet-marker-icon') ?? []),
      ...map.getContainer().querySelectorAll('.leaflet-control'),
    ];
    const taken = obstacles.map((element) => boxOf(element, container));
    placeLabels(stateLabels, view, taken);
    const shown = [...countyLayers.values()].flatMap((layer) => (layer !== 'loading' && map.hasLayer(layer.lines) ? layer.labels : []));
    if (map.getZoom() >= COUNTY_LABEL_ZOOM) placeLabels(shown, view, taken);
    else shown.forEach(hide);
  }

  /** Draws the counties of the states in view when zoomed in, and only those. */
  function showCounties() {
    const zoomedIn = map.getZoom() >= COUNTY_ZOOM;
    const bounds = map.getBounds();
    for (const state of states) {
      const wanted = zoomedIn && intersects(bounds, state.bbox);
      const layer = countyLayers.get(state.id);
      if (layer === 'loading') continue;
      if (layer) {
        if (wanted) map.addLayer(layer.lines);
        else {
          map.removeLayer(layer.lines);
          layer.labels.forEach((label) => map.removeLayer(label.marker));
        }
        continue;
      }
      if (!wanted) continue;
      countyLayers.set(state.id, 'loading');
      loadCounties(state.id)
        .then(({ counties, borders }) => {
          if (removed) return;
          const lines = geoJSON(asFeatures([borders]), { pane: BOUNDARY_PANE, interactive: false, style: countyStyle });
          countyLayers.set(state.id, { lines, labels: counties.map((county) => createLabel(county, 'county')) });
          update();
        })
        // Counties are detail: without them the states still show, and the next zoom tries again.
        .catch(() => countyLayers.delete(state.id));
    }
  }

  function update() {
    showCounties();
    relabel();
  }

  loadStates()
    .then((regions) => {
      if (removed) return;
      states = regions;
      geoJSON(asFeatures(regions.map((region) => region.geometry)), { pane: BOUNDARY_PANE, interactive: false, style: stateStyle }).addTo(map);
      stateLabels = regions.map((region) => createLabel(region, 'state'));
      update();
    })
    // Without boundary data the map still shows the referral markers, on the plain background.
    .catch(() => undefined);
  map.on('moveend', update);

  return {
    relabel,
    remove() {
      removed = true;
      map.off('moveend', update);
    },
  };
}
