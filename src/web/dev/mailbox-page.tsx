import { useQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { useState } from 'react';
import { api } from '../api/client';
import { cn } from '../ui/cn';
import { PageMeta } from '../ui/page-meta';
import { ErrorState, Loading } from '../ui/states';

interface SmsMessage {
  id: string;
  toNumber: string;
  body: string;
  status: string;
  createdAt: string;
}

interface MailMessage {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  status: string;
  createdAt: string;
}

/** Links in mail are made clickable so a developer can follow sign-up and reset links locally. */
function linkify(text: string) {
  return text.split(/(https?:\/\/[^\s]+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part} className="text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export function MailboxPage() {
  const mail = useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => api<{ messages: MailMessage[]; sms: SmsMessage[] }>('/api/dev/mailbox', { background: true }),
    refetchInterval: 3000,
  });
  const [selectedId, setSelectedId] = useState<string>();
  const messages = mail.data?.messages ?? [];
  const selected = messages.find((m) => m.id === selectedId) ?? messages[0];

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <PageMeta title="Development mailbox" description="Mail sent by this development server." />
      <h1 className="text-3xl font-bold">Development mailbox</h1>
      <p className="mt-2 text-slate-600">
        No SMTP server is configured, so mail the app sends is kept here. It refreshes every few seconds.
      </p>
      {mail.isPending && <Loading label="Loading mail…" />}
      {mail.isError && <ErrorState message="The mailbox could not be loaded. It exists only outside production, for requests from this machine." />}
      {mail.isSuccess && messages.length === 0 && (
        <div className="mt-10 flex flex-col items-center gap-2 text-slate-500">
          <Inbox className="size-10" aria-hidden />
          <p>No mail yet.</p>
        </div>
      )}
      {selected && (
        <div className="mt-8 grid gap-6 md:grid-cols-[20rem_1fr]">
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200" aria-label="Messages">
            {messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setSelectedId(m.id)}
                  aria-current={m.id === selected.id}
                  className={cn('block w-full px-4 py-3 text-left hover:bg-slate-50', m.id === selected.id && 'bg-brand-50')}
                >
                  <span className="block truncate font-medium">{m.subject}</span>
                  <span className="block truncate text-sm text-slate-600">To {m.toAddress}</span>
                  <span className="block text-xs text-slate-500">{new Date(m.createdAt).toLocaleString()}</span>
                </button>
              </li>
            ))}
          </ul>
          <article className="rounded-xl border border-slate-200 p-6" aria-label="Message">
            <h2 className="text-xl font-semibold">{selected.subject}</h2>
            <p className="mt-1 text-sm text-slate-600">
              To {selected.toAddress} · {new Date(selected.createdAt).toLocaleString()} · {selected.status}
            </p>
            <pre className="mt-6 font-sans text-sm whitespace-pre-wrap text-slate-800">{linkify(selected.textBody)}</pre>
          </article>
        </div>
      )}
      {mail.isSuccess && mail.data.sms.length > 0 && (
        <section className="mt-10" aria-labelledby="sms-heading">
          <h2 id="sms-heading" className="text-xl font-semibold">
            Text messages
          </h2>
          <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {mail.data.sms.map((sms) => (
              <li key={sms.id} className="px-4 py-3">
                <p className="text-sm text-slate-600">
                  To {sms.toNumber} · {new Date(sms.createdAt).toLocaleString()}
                </p>
                <p className="mt-1 text-slate-900">{sms.body}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
