import { Clock, Mail, MessageSquareReply, Phone } from 'lucide-react';
import { support } from '../../domain/site';

/** Other ways to reach the team, shown beside the form. */
export function ContactDetails() {
  return (
    <aside aria-labelledby="contact-details-title" className="rounded-2xl bg-slate-50 p-6 ring-1 ring-slate-200">
      <h2 id="contact-details-title" className="text-lg font-semibold text-slate-900">
        Other ways to reach us
      </h2>
      <ul className="mt-4 space-y-5 text-slate-700">
        <li className="flex gap-3">
          <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">Email support</p>
            <a href={`mailto:${support.email}`} className="break-all text-brand-800 underline">
              {support.email}
            </a>
          </div>
        </li>
        <li className="flex gap-3">
          <Phone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <div>
            <p className="font-medium text-slate-900">Phone</p>
            <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} className="text-brand-800 underline">
              {support.phone}
            </a>
          </div>
        </li>
        <li className="flex gap-3">
          <Clock className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <div>
            <p className="font-medium text-slate-900">Phone hours</p>
            <p>{support.phoneHours}</p>
          </div>
        </li>
        <li className="flex gap-3">
          <MessageSquareReply className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <div>
            <p className="font-medium text-slate-900">Response time</p>
            <p>We reply to every message within {support.replyWithin}.</p>
          </div>
        </li>
      </ul>
    </aside>
  );
}
