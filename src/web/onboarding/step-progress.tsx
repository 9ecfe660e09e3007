import { ONBOARDING_STEPS } from '../../domain/onboarding';

// Whole classes (Tailwind finds only classes written out), by how far along the steps are.
const widths: Record<string, string> = { '1/2': 'w-1/2', '1/3': 'w-1/3', '2/3': 'w-2/3' };

/** "Step 1 of 2" with a bar that screen readers announce as a progress bar. Agencies have two steps, therapists three. */
export function StepProgress({ step, steps = ONBOARDING_STEPS, title }: { step: number; steps?: number; title: string }) {
  const label = `Step ${step} of ${steps}`;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap justify-between gap-x-4 text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span className="text-slate-500">{title}</span>
      </p>
      <div
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={0}
        aria-valuemax={steps}
        aria-valuenow={step}
        aria-valuetext={`${label}: ${title}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {/* Classes, not an inline style: the content security policy refuses inline styles. */}
        <div className={`h-full rounded-full bg-brand-600 transition-[width] ${step >= steps ? 'w-full' : (widths[`${step}/${steps}`] ?? 'w-1/2')}`} />
      </div>
    </div>
  );
}
