import { Link } from 'react-router';

/** A quiet reminder on both dashboards that professional details can be kept current. */
export function ProfileLink() {
  return (
    <p className="text-sm text-slate-700">
      Keep your professional details current:{' '}
      <Link to="/onboarding" className="font-semibold text-brand-700 underline hover:no-underline">
        review your profile
      </Link>
      .
    </p>
  );
}
