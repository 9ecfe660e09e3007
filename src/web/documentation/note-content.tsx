import type { NoteContent } from '../../domain/documentation';
import { noteTextFields } from './note-fields';

/** A note's content, read-only (signed versions, the agency's review). */
export function NoteContentView({ content }: { content: NoteContent }) {
  const values = content as unknown as Record<string, unknown>;
  return (
    <dl className="space-y-3 text-sm">
      {noteTextFields[content.serviceId].map((field) => (
        <div key={field.name}>
          <dt className="font-medium text-slate-900">{field.label}</dt>
          <dd className="whitespace-pre-wrap text-slate-700">{String(values[field.name] ?? '') || '—'}</dd>
        </div>
      ))}
      {content.serviceId === 'evaluation' && (
        <div>
          <dt className="font-medium text-slate-900">Goals</dt>
          <dd>
            <ol className="list-decimal pl-5 text-slate-700">
              {content.goals.map((goal, index) => (
                <li key={index}>{goal}</li>
              ))}
            </ol>
          </dd>
        </div>
      )}
      {content.serviceId === 'progress_report' && (
        <div>
          <dt className="font-medium text-slate-900">Progress toward goals</dt>
          <dd>
            <ol className="list-decimal space-y-1 pl-5 text-slate-700">
              {content.goals.map((item, index) => (
                <li key={index}>
                  <span className="font-medium">{item.goal}</span>: {item.progress}
                </li>
              ))}
            </ol>
          </dd>
        </div>
      )}
    </dl>
  );
}
