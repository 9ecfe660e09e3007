import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Question {
  question: string;
  answer: ReactNode;
}

/** Common questions as native disclosure widgets: keyboard and screen-reader friendly without script. */
export function QuestionList({ heading, questions }: { heading: string; questions: Question[] }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h2>
      <div className="mt-8 max-w-4xl divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {questions.map((item) => (
          <details key={item.question} className="group px-5 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown className="size-5 shrink-0 text-slate-600 transition-transform group-open:rotate-180" aria-hidden />
            </summary>
            <div className="mt-3 text-slate-700">{item.answer}</div>
          </details>
        ))}
      </div>
    </section>
  );
}
