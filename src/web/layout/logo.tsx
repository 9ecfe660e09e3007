import { Link } from 'react-router';

/** The CareRelay mark and name; signed in, it leads to the user's dashboard (`to`) rather than the public site. */
export function Logo({ inverted = false, to = '/', label = 'CareRelay home' }: { inverted?: boolean; to?: string; label?: string }) {
  return (
    <Link to={to} className="flex min-h-11 items-center gap-2 font-bold tracking-tight" aria-label={label}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <rect width="32" height="32" rx="8" fill={inverted ? '#fff' : '#0f766e'} />
        <path
          d="M9 17h4l2-5 3 9 2-4h3"
          fill="none"
          stroke={inverted ? '#0f766e' : '#fff'}
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={inverted ? 'text-xl text-white' : 'text-xl text-slate-900'}>CareRelay</span>
    </Link>
  );
}
