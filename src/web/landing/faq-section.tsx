import { Building2, ChevronDown, Stethoscope, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { faqs } from '../../content/faqs';
import type { FaqAudience, FaqItem } from '../../domain/content';

const groups: Array<{ audience: Exclude<FaqAudience, 'both'>; title: string; icon: LucideIcon }> = [
  { audience: 'agencies', title: 'For Agencies', icon: Building2 },
  { audience: 'therapists', title: 'For Therapists', icon: Stethoscope },
];

/** The FAQs in two groups; a question for both audiences appears in each. */
export function FaqSection() {
  return (
    <section id="faqs" aria-labelledby="faqs-heading" className="scroll-mt-20 bg-slate-50 py-20 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">FAQs</p>
          <h2 id="faqs-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Frequently asked questions
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Anything else? <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-2">Contact our team</Link>.
          </p>
        </div>
        <div className="mt-12 grid items-start gap-8 lg:grid-cols-2">
          {groups.map((group) => (
            <FaqGroup
              key={group.audience}
              title={group.title}
              icon={group.icon}
              items={faqs.filter((faq) => faq.audience === group.audience || faq.audience === 'both')}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

function FaqGroup({ title, icon: Icon, items }: { title: string; icon: LucideIcon; items: FaqItem[] }) {
  const headingId = `faq-group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm sm:p-4">
      <h3 id={headingId} className="flex items-center gap-2 px-3 pt-3 pb-2 text-xl font-semibold text-slate-900">
        <Icon className="size-5 text-brand-700" aria-hidden />
        {title}
      </h3>
      <div className="divide-y divide-slate-200">
        {items.map((faq) => (
          <FaqQuestion key={faq.id} faq={faq} />
        ))}
      </div>
    </section>
  );
}

/**
 * One question as a disclosure (WAI-ARIA: a button in a heading, aria-expanded, the answer it
 * controls), several open at once. Written out rather than Radix's Accordion: it is the only one on
 * the site, and the accordion with what it brings was a tenth of the landing page's script.
 */
function FaqQuestion({ faq }: { faq: FaqItem }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div>
      <h4>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
          className="flex w-full items-center justify-between gap-4 rounded-lg px-3 py-4 text-left font-medium text-slate-900 hover:bg-slate-50"
        >
          {faq.question}
          <ChevronDown className={`size-5 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden />
        </button>
      </h4>
      <div id={answerId} hidden={!open} className="px-3 pb-4 leading-7 text-slate-700">
        {open && faq.answer}
      </div>
    </div>
  );
}
