import { AlertTriangle } from 'lucide-react';
import { Link } from 'react-router';
import type { ServiceTypeId } from '../../domain/accounts';
import { careVisitTypeLabels, careVisitTypeOfService } from '../../domain/care-visit-types';
import type { VisitSummary } from '../../domain/visits';
import { cn } from '../ui/cn';
import { statusClass, statusLabels } from './format';
import { VisitTime } from './visit-time';

/**
 * One visit in a list: time, service, the referral's label (the patient's short name for its
 * parties at aal2, its place otherwise; the server decides), status and a flag when verification
 * found an exception.
 */
export function VisitListItem({ visit, role, timeOnly = false }: { visit: VisitSummary; role: 'agency' | 'therapist'; timeOnly?: boolean }) {
  return (
    <li>
      <Link
        to={`/dashboard/${role}/visits/${visit.id}`}
        className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm hover:border-brand-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <span className="font-medium text-slate-900">
          <VisitTime iso={visit.scheduledStart} patientTimeZone={visit.patientTimeZone} timeOnly={timeOnly} />
        </span>
        <span className="min-w-0 break-words text-slate-700">
          {visit.serviceName}
          {/* A treatment booked as the reassessment or supervisory visit says so: the care clocks count it as that. */}
          {visit.visitType !== careVisitTypeOfService[visit.serviceId as ServiceTypeId] && ` (${careVisitTypeLabels[visit.visitType]})`}
          <span className="text-slate-500">
            {' · '}
            {visit.referenceLabel}
            {role === 'agency' && ` · ${visit.therapistName}`}
          </span>
        </span>
        <span className="flex items-center gap-2">
          {visit.exceptions.length > 0 && (
            <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
              <AlertTriangle className="size-4" aria-hidden /> Exception
            </span>
          )}
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', statusClass(visit.status))}>{statusLabels[visit.status]}</span>
        </span>
      </Link>
    </li>
  );
}
