import 'leaflet/dist/leaflet.css';
import {
  circleMarker,
  latLngBounds,
  layerGroup,
  map as leafletMap,
  tileLayer,
  type CircleMarker,
  type LayerGroup,
  type Map as LeafletMap,
} from 'leaflet';
import { useEffect, useRef } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router';
import { urgencyLabels, type TherapistReferral, type Urgency } from '../../../domain/referrals';
import { distanceText } from './format';
import { referralPath, referralTitle } from './referral-card';

/**
 * The referrals on a Leaflet map: one circle per referral at its ZIP code's centre. This module is
 * loaded lazily (Leaflet is the page's largest dependency), hence the default export.
 *
 * Circle markers are drawn as SVG, so no marker images are needed. The map takes no keyboard focus
 * of its own (keyboard: false): arrow-key panning would only add a tab stop, and the list beside it
 * reaches every referral, including pointing the map at one ("Show on map").
 */

export interface MapTiles {
  url: string;
  attribution: string;
}

/** Asks the map to centre on a referral and open its popup; `at` makes a repeated request for the same one count. */
export interface MapSelection {
  id: string;
  at: number;
}

const CONTIGUOUS_US: [number, number] = [39.5, -98.35];
const urgencyColours: Record<Urgency, string> = { routine: '#0d9488', soon: '#d97706', urgent: '#dc2626' };

function textElement(tag: 'p' | 'span', text: string, className: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/**
 * Built from DOM nodes with textContent: Leaflet would put a string in as HTML. The link navigates
 * inside the app, keeping the browser's own behaviour for a modified click (new tab, new window).
 */
function popupContent(referral: TherapistReferral, navigate: NavigateFunction): HTMLElement {
  const box = document.createElement('div');
  box.className = 'space-y-1 text-sm';
  box.append(
    textElement('p', referralTitle(referral), 'font-semibold text-slate-900'),
    textElement('p', `${urgencyLabels[referral.urgency]} · ${distanceText(referral.distanceMiles)}`, 'text-slate-700'),
  );
  const link = document.createElement('a');
  const path = referralPath(referral.id);
  link.href = path;
  link.className = 'font-semibold underline';
  link.textContent = 'View referral';
  link.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(path);
  });
  const line = document.createElement('p');
  line.append(link);
  box.append(line);
  return box;
}

export default function ReferralMap({
  referrals,
  tiles,
  selection,
}: {
  referrals: TherapistReferral[];
  tiles: MapTiles | null;
  selection: MapSelection | null;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const layerRef = useRef<LayerGroup | null>(null);
  const markers = useRef(new Map<string, CircleMarker>());
  // The referrals the view was last fitted to: a background refresh of the same list keeps the user's pan and zoom.
  const fittedTo = useRef('');
  const navigate = useNavigate();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = leafletMap(element, { keyboard: false, scrollWheelZoom: false, attributionControl: tiles !== null }).setView(CONTIGUOUS_US, 4);
    if (tiles) tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    mapRef.current = map;
    layerRef.current = layerGroup().addTo(map);
    fittedTo.current = '';
    const byId = markers.current;
    return () => {
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      byId.clear();
    };
  }, [tiles]);

  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    markers.current.clear();
    for (const referral of referrals) {
      const marker = circleMarker([referral.place.latitude, referral.place.longitude], {
        radius: 9,
        color: '#134e4a',
        weight: 2,
        fillColor: urgencyColours[referral.urgency],
        fillOpacity: 0.85,
      })
        .bindTooltip(textElement('span', referralTitle(referral), ''))
        .bindPopup(() => popupContent(referral, navigate));
      marker.addTo(layer);
      markers.current.set(referral.id, marker);
    }
    const key = referrals.map((referral) => referral.id).join(',');
    if (referrals.length > 0 && key !== fittedTo.current) {
      fittedTo.current = key;
      const bounds = latLngBounds(referrals.map((referral) => [referral.place.latitude, referral.place.longitude] as [number, number]));
      map.fitBounds(bounds, { padding: [32, 32], maxZoom: 11 });
    }
  }, [referrals, tiles, navigate]);

  useEffect(() => {
    if (!selection) return;
    const map = mapRef.current;
    const marker = markers.current.get(selection.id);
    if (!map || !marker) return;
    map.setView(marker.getLatLng(), Math.max(map.getZoom(), 10));
    marker.openPopup();
    container.current?.scrollIntoView({ block: 'nearest' });
  }, [selection]);

  return (
    <div
      ref={container}
      data-testid="referral-map"
      className="isolate h-64 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-80 lg:h-[28rem]"
    />
  );
}
