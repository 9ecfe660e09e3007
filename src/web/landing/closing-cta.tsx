import { support } from '../../domain/site';
import { ButtonLink } from '../ui/button';
import { BookDemoLink } from './book-demo-link';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-cta-heading" className="bg-brand-800">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-8 px-4 py-16 sm:px-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="closing-cta-heading" className="text-3xl font-bold tracking-tight text-white">
            Ready to fill your next referral?
          </h2>
          <p className="mt-3 text-lg text-brand-50">
            Sign up in minutes. Our team reviews every account and reaches out within {support.signupReview}.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <ButtonLink to="/signup" size="lg" variant="secondary">
            Create your account
          </ButtonLink>
          <BookDemoLink variant="outline" />
        </div>
      </div>
    </section>
  );
}
