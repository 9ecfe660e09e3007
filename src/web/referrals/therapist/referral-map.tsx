import 'leaflet/dist/leaflet.css';
import { latLngBounds, layerGroup, map as leafletMap, tileLayer, type LayerGroup, type Map as LeafletMap, type Marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { TherapistReferralSummary } from '../../../domain/referral-summaries';
import { addBaseMap, COUNTY_ZOOM, type BaseMap } from './map/base-map';
import { declutterMarkers, referralMarker } from './map/referral-marker';

/**
 * The referrals on a Leaflet map: one labeled marker per referral at the center of its ZIP code
 * area, over an offline base layer of US state and county boundaries (map/base-map.ts), and under a
 * configured tile server's map, if any. This module is loaded lazily (Leaflet is the page's largest
 * dependency), hence the default export.
 *
 * The markers are tab stops that open their popups from the keyboard; the map itself takes no
 * focus (keyboard: false), as arrow-key panning would only add a tab stop, and the list beside it
 * can point the map at any referral ("Show on map").
 */

export interface MapTiles {
  url: string;
  attribution: string;
}

/** Asks the map to center on a referral and open its popup; `at` makes a repeated request for the same one count. */
export interface MapSelection {
  id: string;
  at: number;
}

const CONTIGUOUS_US: [number, number] = [39.5, -98.35];
// A marker is a ZIP code area's center, not an address: closer than county scale would suggest a
// precision it does not have. The boundaries are drawn for about that scale, too.
const CLOSEST_FIT = COUNTY_ZOOM + 2;
const MAX_ZOOM_WITHOUT_TILES = 12;

export default function ReferralMap({
  referrals,
  tiles,
  selection,
}: {
  referrals: TherapistReferralSummary[];
  tiles: MapTiles | null;
  selection: MapSelection | null;
}) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<LeafletMap | null>(null);
  const baseMapRef = useRef<BaseMap | null>(null);
  const layerRef = useRef<LayerGroup | null>(null);
  const markers = useRef(new Map<string, Marker>());
  // The referrals the view was last fitted to: a background refresh of the same list keeps the user's pan and zoom.
  const fittedTo = useRef('');
  const navigate = useNavigate();

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const map = leafletMap(element, {
      keyboard: false,
      scrollWheelZoom: false,
      attributionControl: tiles !== null,
      minZoom: 3,
      maxZoom: tiles ? 19 : MAX_ZOOM_WITHOUT_TILES,
    }).setView(CONTIGUOUS_US, 4);
    const declutter = () => declutterMarkers(markers.current.values());
    // Before the base map's own listener, which places the place names clear of the markers' names as they now are.
    map.on('moveend', declutter);
    const baseMap = addBaseMap(map);
    if (tiles) tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 19 }).addTo(map);
    mapRef.current = map;
    baseMapRef.current = baseMap;
    layerRef.current = layerGroup().addTo(map);
    fittedTo.current = '';
    const byId = markers.current;
    return () => {
      baseMap.remove();
      map.remove();
      mapRef.current = null;
      baseMapRef.current = null;
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
      const marker = referralMarker(referral, navigate).addTo(layer);
      markers.current.set(referral.id, marker);
    }
    const key = referrals.map((referral) => referral.id).join(',');
    if (referrals.length > 0 && key !== fittedTo.current) {
      fittedTo.current = key;
      const bounds = latLngBounds(referrals.map((referral) => [referral.place.latitude, referral.place.longitude] as [number, number]));
      // More room on the right, where each marker's name runs.
      const nameRoom = Math.min(160, map.getSize().x / 2);
      map.fitBounds(bounds, { paddingTopLeft: [48, 48], paddingBottomRight: [nameRoom, 48], maxZoom: CLOSEST_FIT });
    }
    // The place names keep clear of the markers, wherever these now are.
    declutterMarkers(markers.current.values());
    baseMapRef.current?.relabel();
  }, [referrals, tiles, navigate]);

  useEffect(() => {
    if (!selection) return;
    const map = mapRef.current;
    const marker = markers.current.get(selection.id);
    if (!map || !marker) return;
    map.setView(marker.getLatLng(), Math.max(map.getZoom(), CLOSEST_FIT));
    marker.openPopup();
    container.current?.scrollIntoView({ block: 'nearest' });
  }, [selection]);

  return (
    <div
      ref={container}
      data-testid="referral-map"
      // Important (!): Leaflet's own stylesheet is unlayered and paints every map a flat #ddd.
      className="isolate h-64 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-200! sm:h-80 lg:h-[28rem]"
    />
  );
}
