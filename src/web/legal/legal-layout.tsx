import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LEGAL_EFFECTIVE_DATE, support } from '../../domain/site';
import { PageMeta } from '../ui/page-meta';

export interface LegalSection {
  /** The anchor the table of contents links to. */
  id: string;
  title: string;
  body: ReactNode;
}

/** A legal document: title, effective date, a table of contents with anchor links, then numbered sections. */
export function LegalLayout({
  title,
  description,
  summary,
  sections,
}: {
  title: string;
  description: string;
  summary: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageMeta title={title} description={description} />
      <header className="max-w-3xl border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm font-medium text-slate-700">Effective date: {LEGAL_EFFECTIVE_DATE}</p>
        <div className="mt-4 text-lg leading-8 text-slate-700">{summary}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold tracking-wide text-slate-900 uppercase">Contents</h2>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand-800 hover:underline">
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl min-w-0 space-y-10">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** The "how to reach us" paragraph both legal pages end with. */
export function LegalContact({ topic }: { topic: string }) {
  return (
    <p>
      Questions about {topic} can be sent to <a href={`mailto:${support.email}`}>{support.email}</a>, by phone on {support.phone} (
      {support.phoneHours}), or through our <Link to="/contact">contact form</Link>. We reply within {support.replyWithin}.
    </p>
  );
}
