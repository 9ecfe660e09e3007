import { Link } from 'react-router';
import type { AssistantSource } from '../../domain/content';
import type { ChatMessage } from './use-conversation';

/** One entry in the Knowledge Assistant's log. */
export function ChatMessageItem({ message }: { message: ChatMessage }) {
  if (message.from === 'user') {
    return (
      <li className="ml-8 rounded-2xl rounded-br-sm bg-brand-700 px-3 py-2 text-sm text-white">
        <span className="sr-only">You: </span>
        {message.text}
      </li>
    );
  }
  if (message.from === 'error') {
    return (
      <li className="mr-8 rounded-2xl rounded-bl-sm border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
        <span className="sr-only">Error: </span>
        {message.text}
      </li>
    );
  }
  const { answer } = message;
  const sources = answer.answered ? answer.sources : [];
  // The server may answer with nothing but its quotes; then the quotes under each source are the answer.
  const answerIsQuotes = sources.length > 0 && answer.answer === sources.map((source) => source.passage).join('\n\n');
  return (
    <li className="mr-4 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-900">
      <span className="sr-only">Knowledge Assistant: </span>
      <p className="whitespace-pre-line">
        {answerIsQuotes ? 'Here is what our articles and FAQs say:' : answer.answer}
      </p>
      {sources.length > 0 && (
        <div className="mt-3">
          <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Sources</p>
          <ul className="mt-1 space-y-3">
            {sources.map((source) => (
              <li key={`${source.href}|${source.passage}`}>
                <SourceLink source={source} />
                <blockquote className="mt-1 border-l-2 border-brand-600 pl-2 text-slate-700">
                  {source.passage}
                </blockquote>
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

export function PendingMessage() {
  return <li className="mr-8 rounded-2xl rounded-bl-sm bg-slate-100 px-3 py-2 text-sm text-slate-700">Searching…</li>;
}

function SourceLink({ source }: { source: AssistantSource }) {
  const className = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';
  // Sources point into this app (/articles/{id}, /#faqs); anything else is a plain link.
  return source.href.startsWith('/') ? (
    <Link to={source.href} className={className}>
      {source.title}
    </Link>
  ) : (
    <a href={source.href} className={className}>
      {source.title}
    </a>
  );
}
