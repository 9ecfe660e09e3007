import { CheckCircle2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { support } from '../../domain/site';
import { Button } from '../ui/button';
import { PageMeta } from '../ui/page-meta';
import { ContactDetails } from './contact-details';
import { ContactForm } from './contact-form';

/** /contact — the contact form (subject prefilled from `?subject=`), then a thank-you state. */
export function ContactPage() {
  const [searchParams] = useSearchParams();
  const [sent, setSent] = useState(false);
  // A new key after "Send another message" remounts the form with empty fields.
  const [generation, setGeneration] = useState(0);
  const defaultSubject = searchParams.get('subject') ?? '';

  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <PageMeta
        title="Contact Us"
        description={`Questions about staffing, pricing, a demo or working as a clinician? Send the CareRelay team a message and we reply within ${support.replyWithin}.`}
      />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Contact us</h1>
        <p className="mt-3 text-lg text-slate-700">
          Agencies asking about pricing or a demo, therapists with questions about joining, or anyone else: tell us what you need and
          the right person will get back to you.
        </p>
      </header>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          {sent ? (
            <ThankYou
              onAnother={() => {
                setGeneration((g) => g + 1);
                setSent(false);
              }}
            />
          ) : (
            <ContactForm key={generation} defaultSubject={defaultSubject} onSent={() => setSent(true)} />
          )}
        </div>
        <ContactDetails />
      </div>
    </div>
  );
}

function ThankYou({ onAnother }: { onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the user was in has gone; move focus to the confirmation so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col items-center py-8 text-center">
      <CheckCircle2 className="size-12 text-brand-700" aria-hidden />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900">
        Thank you
      </h2>
      <p className="mt-2 max-w-md text-slate-700">
        Your message has reached our team. We reply to every message within {support.replyWithin}.
      </p>
      <Button variant="secondary" className="mt-6" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}
