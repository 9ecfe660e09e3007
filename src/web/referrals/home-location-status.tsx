import { MapPin } from 'lucide-react';
import { homeLocationText, type HomeLocationView } from '../../domain/home-location';
import { cn } from '../ui/cn';

/**
 * One line saying what check-ins are compared with: the patient's located address, or the ZIP area
 * while it is being located, was not found or the geocoder could not be reached. Never the point.
 */
export function HomeLocationStatus({ view, className }: { view: HomeLocationView; className?: string }) {
  return (
    <p className={cn('flex items-start gap-2 text-sm text-slate-700', className)}>
      <MapPin className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
      <span>{homeLocationText(view)}</span>
    </p>
  );
}
