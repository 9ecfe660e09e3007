import { Link } from 'react-router';
import { cn } from '../ui/cn';
import type { Place } from './app-places';

const looks = {
  // A row of the sidebar or of the More sheet.
  row: {
    base: 'flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-semibold',
    current: 'bg-brand-50 text-brand-800',
    other: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  },
  // A tab of the phone's bottom bar: icon over label, the whole cell a target.
  tab: {
    base: 'flex min-h-14 w-full flex-col items-center justify-center gap-0.5 border-t-2 px-0.5 text-[0.6875rem] font-semibold',
    current: 'border-brand-700 text-brand-800',
    other: 'border-transparent text-slate-600 hover:text-slate-900',
  },
} as const;

/** A link to one of the shell's places, marked aria-current="page" when the page belongs to it. */
export function PlaceLink({ place, current, look, onNavigate }: { place: Place; current: boolean; look: keyof typeof looks; onNavigate?: () => void }) {
  const Icon = place.icon;
  const style = looks[look];
  return (
    <Link to={place.to} aria-current={current ? 'page' : undefined} onClick={onNavigate} className={cn(style.base, current ? style.current : style.other)}>
      <Icon className={look === 'tab' ? 'size-5' : 'size-5 shrink-0'} aria-hidden />
      <span className={look === 'tab' ? 'max-w-full truncate' : 'min-w-0 truncate'}>{place.label}</span>
    </Link>
  );
}
