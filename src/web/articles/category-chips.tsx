import { cn } from '../ui/cn';

const ALL_TOPICS_LABEL = 'All Topics';

/** Toggle buttons for "All Topics" and each category; `selected` undefined means All Topics. */
export function CategoryChips({
  categories,
  selected,
  onSelect,
}: {
  categories: string[];
  selected: string | undefined;
  onSelect: (category: string | undefined) => void;
}) {
  const chips: Array<{ label: string; value: string | undefined }> = [
    { label: ALL_TOPICS_LABEL, value: undefined },
    ...categories.map((category) => ({ label: category, value: category })),
  ];
  return (
    <div role="group" aria-label="Filter by topic" className="flex flex-wrap gap-2">
      {chips.map(({ label, value }) => {
        const pressed = value === selected;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onSelect(value)}
            className={cn(
              'rounded-full px-4 py-2 text-sm font-medium ring-1 transition-colors ring-inset',
              pressed ? 'bg-brand-700 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300 hover:bg-brand-50 hover:text-brand-800',
            )}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
