import { MessageCircleQuestion, Send, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ApiError } from '../api/client';
import { useAskAssistant } from '../api/content';
import { Button } from '../ui/button';
import { ChatMessageItem, PendingMessage } from './chat-message';
import { useConversation } from './use-conversation';

/**
 * A floating button that opens a chat panel answering questions from the articles and FAQs.
 * The panel is non-modal: the page stays usable behind it. Escape closes it and focus returns to the button.
 */
export function KnowledgeAssistant() {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState('');
  const [messages, addMessage] = useConversation();
  const ask = useAskAssistant();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const headingId = useId();
  const inputId = useId();

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages, ask.isPending, open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const question = draft.trim();
    // Blank input is ignored; one question at a time keeps answers in order.
    if (!question || ask.isPending) return;
    addMessage({ from: 'user', text: question });
    setDraft('');
    ask.mutate(question, {
      onSuccess: (answer) => addMessage({ from: 'assistant', answer }),
      onError: (error) => addMessage({ from: 'error', text: errorText(error) }),
    });
  };

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Knowledge Assistant"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
        className="fixed right-4 bottom-4 z-30 inline-flex items-center gap-2 rounded-full bg-brand-700 px-4 py-3 font-semibold text-white shadow-lg hover:bg-brand-800 sm:right-6 sm:bottom-6"
      >
        <MessageCircleQuestion className="size-5" aria-hidden />
        <span className="hidden sm:inline">Knowledge Assistant</span>
      </button>

      {open && (
        <section
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={headingId}
          onKeyDown={onPanelKeyDown}
          className="fixed inset-x-0 bottom-0 z-30 flex max-h-[85vh] flex-col rounded-t-2xl border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:right-6 sm:bottom-24 sm:max-h-[70vh] sm:w-[26rem] sm:rounded-2xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              Knowledge Assistant
            </h2>
            <button
              type="button"
              onClick={close}
              aria-label="Close Knowledge Assistant"
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <div ref={logRef} role="log" aria-live="polite" aria-label="Conversation" className="min-h-48 flex-1 overflow-y-auto px-4 py-3">
            <p className="mb-3 text-sm text-slate-600">
              Ask about referrals, rates, visit documentation or compliance. Answers come from our articles and FAQs, with links to the source.
            </p>
            <ol className="space-y-3">
              {messages.map((message) => (
                <ChatMessageItem key={message.id} message={message} />
              ))}
              {ask.isPending && <PendingMessage />}
            </ol>
          </div>
          <form onSubmit={send} className="flex gap-2 border-t border-slate-200 p-3">
            <label htmlFor={inputId} className="sr-only">
              Ask a question
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="text"
              autoComplete="off"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Ask a question"
              className="block min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
            />
            <Button type="submit" disabled={ask.isPending}>
              <Send className="size-4" aria-hidden />
              Send
            </Button>
          </form>
        </section>
      )}
    </>
  );
}

function errorText(error: unknown): string {
  // A 400 carries a message meant for the person asking; anything else is our fault or the network's.
  if (error instanceof ApiError && error.status === 400) return error.message;
  return 'Sorry, the Knowledge Assistant is unavailable right now. Please try again in a moment.';
}
