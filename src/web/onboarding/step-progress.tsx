import { ONBOARDING_STEPS } from '../../domain/onboarding';

/** "Step 1 of 2" with a bar that screen readers announce as a progress bar. */
export function StepProgress({ step, title }: { step: number; title: string }) {
  const label = `Step ${step} of ${ONBOARDING_STEPS}`;
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
        aria-valuemax={ONBOARDING_STEPS}
        aria-valuenow={step}
        aria-valuetext={`${label}: ${title}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        {/* Classes, not an inline style: the content security policy refuses inline styles. */}
        <div className={`h-full rounded-full bg-brand-600 transition-[width] ${step >= ONBOARDING_STEPS ? 'w-full' : 'w-1/2'}`} />
      </div>
    </div>
  );
}
