import { useSearchParams } from 'react-router';
import { PageMeta } from '../ui/page-meta';
import { AgenciesSection, TherapistsSection } from './audience-sections';
import { ClosingCta } from './closing-cta';
import { FaqSection } from './faq-section';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { LeadFormPanel } from './lead-form-panel';
import { LogoMarquee } from './logo-marquee';

export function LandingPage() {
  // Someone sent here to log in (a link into the signed-in area) is a customer, not a lead.
  const [params] = useSearchParams();
  const signingIn = params.get('signIn') === '1';
  return (
    <>
      <PageMeta
        title="On-demand home health therapy staffing"
        description="CareRelay connects home health agencies with licensed PT, PTA, OT, COTA and ST therapists nearby. Referrals filled in 15 minutes on average, pay only per completed visit, HIPAA-compliant."
      />
      <Hero />
      <LogoMarquee />
      <AgenciesSection />
      <TherapistsSection />
      <HowItWorks />
      <FaqSection />
      <ClosingCta />
      {!signingIn && <LeadFormPanel />}
    </>
  );
}
