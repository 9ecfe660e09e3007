import { divIcon, marker, type Marker } from 'leaflet';
import type { NavigateFunction } from 'react-router';
import type { TherapistReferralSummary } from '../../../../domain/referral-summaries';
import { urgencyLabels, type Urgency } from '../../../../domain/referral-urgency';
import { distanceText } from '../format';
import { referralPath, referralTitle } from '../referral-card';

/**
 * A referral on the map: a dot at the center of the patient's ZIP code area, named with the
 * discipline and place, that opens the referral's popup on a click, Enter or Space.
 */

const urgencyColors: Record<Urgency, string> = { routine: 'bg-teal-600', soon: 'bg-amber-600', urgent: 'bg-red-600' };
/** The dot's center within the marker: the marker's first 44 × 44 px square, its tap target. */
const DOT_CENTER = 22;

function textElement(tag: 'p' | 'span', text: string, className: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/** "PT · Austin, TX": short enough to sit on the map beside its dot. */
export function markerText(referral: Pick<TherapistReferralSummary, 'discipline' | 'place'>): string {
  const { city, state, zip } = referral.place;
  return `${referral.discipline} · ${city ? `${city}, ${state}` : `ZIP ${zip}`}`;
}

/**
 * Built from DOM nodes with textContent: Leaflet would put a string in as HTML. The link navigates
 * inside the app, keeping the browser's own behavior for a modified click (new tab, new window).
 */
function popupContent(referral: TherapistReferralSummary, navigate: NavigateFunction): HTMLElement {
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

function markerContent(referral: TherapistReferralSummary): HTMLElement {
  // Leaflet's stylesheet sets the marker element itself to display: block, so the row is a child.
  const row = document.createElement('span');
  row.className = 'flex h-11 items-center pr-1';
  const target = document.createElement('span');
  target.className = 'flex size-11 shrink-0 items-center justify-center';
  target.append(textElement('span', '', `size-4 rounded-full border-2 border-white shadow ring-2 ring-slate-900 ${urgencyColors[referral.urgency]}`));
  // A name hidden by declutterMarkers still names the marker for a screen reader, and shows on hover or focus.
  const name = textElement(
    'span',
    markerText(referral),
    '-ml-2 rounded-md bg-white px-2 py-1 text-xs font-semibold whitespace-nowrap text-slate-900 shadow ring-1 ring-slate-400 group-hover:not-sr-only group-focus-visible:not-sr-only',
  );
  name.dataset.markerName = '';
  row.append(target, name);
  return row;
}

/**
 * Hides the names of markers that would cover an earlier marker's name (the list's order decides),
 * leaving their dots: zoomed out, referrals in one city would otherwise pile their names up.
 */
export function declutterMarkers(markers: Iterable<Marker>) {
  const names = [...markers].flatMap((pin) => pin.getElement()?.querySelector<HTMLElement>('[data-marker-name]') ?? []);
  // Measured with every name shown, then hidden in one pass, so the page lays out twice, not once per marker.
  names.forEach((name) => name.classList.remove('sr-only'));
  const boxes = names.map((name) => name.getBoundingClientRect());
  const kept: DOMRect[] = [];
  boxes.forEach((box, index) => {
    const covers = kept.some((other) => box.left < other.right && other.left < box.right && box.top < other.bottom && other.top < box.bottom);
    if (covers) names[index]!.classList.add('sr-only');
    else kept.push(box);
  });
}

export function referralMarker(referral: TherapistReferralSummary, navigate: NavigateFunction): Marker {
  const icon = divIcon({ className: 'group rounded-lg', html: markerContent(referral), iconSize: undefined, iconAnchor: [DOT_CENTER, DOT_CENTER] });
  // keyboard: Leaflet makes the marker a tab stop with role="button" and opens its popup on Enter.
  const pin = marker([referral.place.latitude, referral.place.longitude], { icon, keyboard: true, riseOnHover: true });
  pin.bindPopup(() => {
    const content = popupContent(referral, navigate);
    content.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape') return;
      pin.closePopup();
      pin.getElement()?.focus({ preventScroll: true });
    });
    return content;
  });
  pin.on('add', () => {
    // A button opens on Space as well as Enter (Leaflet handles Enter only).
    pin.getElement()?.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      pin.openPopup();
    });
  });
  pin.on('popupopen', (event) => {
    // Opened from the keyboard: the popup's link is the next thing the user wants, so it takes the focus.
    if (document.activeElement !== pin.getElement()) return;
    event.popup.getElement()?.querySelector<HTMLElement>('.leaflet-popup-content a')?.focus({ preventScroll: true });
  });
  return pin;
}
