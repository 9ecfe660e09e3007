import { Clock, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { support } from '../../domain/site';
import { Logo } from './logo';

const columns = [
  {
    title: 'Product',
    links: [
      { to: '/#agencies', label: 'For Agencies' },
      { to: '/#therapists', label: 'For Therapists' },
      { to: '/#how-it-works', label: 'How It Works' },
      { to: '/services/physical-therapy-staffing', label: 'Physical Therapy Staffing' },
    ],
  },
  {
    title: 'Careers',
    links: [
      { to: '/careers/physical-therapist-jobs', label: 'Physical Therapist Jobs' },
      { to: '/careers/nursing-opportunities', label: 'Nursing Opportunities' },
      { to: '/careers/home-health-careers', label: 'Home Health Careers' },
      { to: '/careers/benefits-support', label: 'Benefits & Support' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/articles', label: 'Articles' },
      { to: '/contact', label: 'Contact' },
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-5">
        <div className="space-y-4 lg:col-span-2">
          <Logo inverted />
          <p className="max-w-sm text-sm">
            On-demand home health staffing. Agencies post referrals; licensed therapists nearby accept them in minutes.
          </p>
          <ul className="space-y-2 text-sm" aria-label="Support">
            <li className="flex items-center gap-2">
              <Mail className="size-4" aria-hidden />
              <a href={`mailto:${support.email}`} className="hover:text-white">
                {support.email}
              </a>
              <span className="text-slate-400">— we reply within {support.replyWithin}</span>
            </li>
            <li className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden />
              <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} className="hover:text-white">
                {support.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4" aria-hidden />
              <span>Phone support {support.phoneHours}</span>
            </li>
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{column.title}</h2>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        {/* The public pages are rendered at build time: a build from last year may meet this year's clock. */}
        <p suppressHydrationWarning className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          © {new Date().getFullYear()} CareRelay. HIPAA-compliant home health staffing.
        </p>
      </div>
    </footer>
  );
}
