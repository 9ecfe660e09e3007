import { Link } from 'react-router';
import { pricing } from '../../domain/site';
import { LegalContact, LegalLayout } from './legal-layout';

/** /terms-of-service — the rules for agencies and clinicians using the CareRelay marketplace. */
export function TermsOfServicePage() {
  return (
    <LegalLayout
      title="Terms of Service"
      description="The terms for home health agencies and licensed clinicians using the CareRelay staffing marketplace: eligibility, referrals and matching, payment per completed visit, conduct and liability."
      summary={
        <p>
          These terms govern your use of CareRelay. By creating an account or using the service you agree to them. If you use CareRelay
          for an organization, you agree on its behalf.
        </p>
      }
      sections={[
        {
          id: 'eligibility',
          title: 'Eligibility and licensure',
          body: (
            <>
              <p>
                Agencies must be lawfully operating home health organizations. Clinicians must hold a current, unrestricted license for
                their discipline in each state where they see patients, and keep their license, NPI and other credentials accurate.
              </p>
              <p>
                Accounts are reviewed before approval, including the NPI and license details given. We may decline or suspend
                an account that does not meet these requirements, and a clinician whose license lapses is not matched until it is
                renewed.
              </p>
            </>
          ),
        },
        {
          id: 'marketplace',
          title: 'Our role as a marketplace',
          body: (
            <p>
              CareRelay provides technology that connects agencies with independent clinicians. We are not a home health agency and do
              not provide clinical care. Agencies remain responsible for their patients’ plans of care, supervision and regulatory
              compliance; clinicians remain responsible for their professional judgement and the care they deliver. Clinicians use the
              service as independent professionals, not as our employees.
            </p>
          ),
        },
        {
          id: 'referrals',
          title: 'Referrals and matching',
          body: (
            <>
              <p>
                Agencies post referrals with accurate information and no patient identifiers until a match is confirmed. Eligible
                clinicians nearby are notified and may accept at the offered rate or request a higher one. A match exists only when the
                agency confirms it; the agency then shares the patient’s details, which the clinician may use only to provide that care.
              </p>
              <p>
                Clinicians schedule and complete visits, record them accurately and submit documentation promptly. Agencies review
                documentation and approve it or request changes in good faith.
              </p>
            </>
          ),
        },
        {
          id: 'payment',
          title: 'Payment per completed visit',
          body: (
            <p>
              {pricing.promise}. Agencies are charged for a visit at the rate agreed when the match was confirmed, once the visit is
              completed and its documentation approved; each agency’s pricing is agreed with us in advance. Clinicians are paid out
              through the platform for approved visits, and each visit is paid once.
            </p>
          ),
        },
        {
          id: 'health-information',
          title: 'Health information',
          body: (
            <p>
              Protected health information is handled under HIPAA and our Business Associate Agreement with each agency, as described
              in our <Link to="/privacy-policy">Privacy Policy</Link>. Users must keep patient information confidential and access it only
              as needed for care.
            </p>
          ),
        },
        {
          id: 'prohibited-conduct',
          title: 'Prohibited conduct',
          body: (
            <ul>
              <li>Giving false information about yourself, your credentials, a referral or a visit, or billing for visits not made.</li>
              <li>Accessing, copying or disclosing patient information beyond what a confirmed match requires.</li>
              <li>Sharing your account, getting around our security, or interfering with the service.</li>
              <li>Harassing, discriminating against or endangering patients, clinicians or agency staff.</li>
              <li>Using the service for anything unlawful.</li>
            </ul>
          ),
        },
        {
          id: 'liability',
          title: 'Disclaimers and limitation of liability',
          body: (
            <p>
              We work to keep the service available and accurate, but provide it as is. We do not guarantee that a referral will be
              filled or within any time. To the extent the law allows, we are not liable for indirect or consequential losses, or for
              the clinical acts of agencies and clinicians, and our total liability for any claim is limited to the fees paid to us for
              the visits the claim concerns in the twelve months before it arose.
            </p>
          ),
        },
        {
          id: 'termination',
          title: 'Termination',
          body: (
            <p>
              You may close your account at any time after completing or handing over visits you have accepted. We may suspend or close
              an account that breaks these terms or puts patients at risk. Obligations for completed visits, confidentiality and
              record retention survive termination.
            </p>
          ),
        },
        {
          id: 'governing-law',
          title: 'Governing law',
          body: (
            <p>
              These terms are governed by the laws of the State of Delaware and applicable United States federal law, without regard to
              conflict-of-law rules. We will tell account holders by email before material changes take effect.
            </p>
          ),
        },
        { id: 'contact', title: 'Contact us', body: <LegalContact topic="these terms" /> },
      ]}
    />
  );
}
