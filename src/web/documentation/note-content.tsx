import type { NoteContent } from '../../domain/documentation';
import { noteSections } from '../../domain/note-record';

/** A note's content, read-only (signed versions, the agency's review): the same sections as its PDF. */
export function NoteContentView({ content }: { content: NoteContent }) {
  return (
    <dl className="space-y-3 text-sm">
      {noteSections(content).map((section) => (
        <div key={section.label}>
          <dt className="font-medium text-slate-900">{section.label}</dt>
          {section.kind === 'text' ? (
            <dd className="whitespace-pre-wrap text-slate-700">{section.text || '—'}</dd>
          ) : (
            <dd>
              <ol className="list-decimal space-y-1 pl-5 text-slate-700">
                {section.items.map((item, index) => (
                  <li key={index}>
                    {item.heading !== undefined ? (
                      <>
                        <span className="font-medium">{item.heading}</span>: {item.text}
                      </>
                    ) : (
                      item.text
                    )}
                  </li>
                ))}
              </ol>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
