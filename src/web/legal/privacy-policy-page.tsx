import { LegalContact, LegalLayout } from './legal-layout';

/** /privacy-policy — how CareRelay handles personal information and protected health information. */
export function PrivacyPolicyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      description="How CareRelay collects, uses, protects and retains personal information and protected health information (PHI) under HIPAA, and the choices and rights you have."
      summary={
        <p>
          CareRelay connects home health agencies with licensed therapists. This policy explains what information we collect, how we
          use and protect it, and how patient health information is handled under HIPAA.
        </p>
      }
      sections={[
        {
          id: 'information-we-collect',
          title: 'Information we collect',
          body: (
            <>
              <p>We collect only what we need to run the marketplace:</p>
              <ul>
                <li>
                  <strong>Account information:</strong> name, email, phone, account type, and for agencies the company name and address.
                </li>
                <li>
                  <strong>Professional information</strong> from therapists: discipline, ZIP code and service radius, NPI number, license
                  number, state and expiry date, years of experience, rates, and the outcome of our review of them.
                </li>
                <li>
                  <strong>Referral and visit information:</strong> referrals, acceptances, schedules, visit check-in and check-out times
                  and locations, visit documentation, invoices and payouts.
                </li>
                <li>
                  <strong>Messages</strong> you send us through the contact form or by email, and <strong>technical data</strong> such
                  as IP address, browser type and request logs used to keep the service secure.
                </li>
              </ul>
            </>
          ),
        },
        {
          id: 'health-information',
          title: 'Protected health information and HIPAA',
          body: (
            <>
              <p>
                Patient information that agencies add after a match is protected health information (PHI). We handle it as a business
                associate under the Health Insurance Portability and Accountability Act (HIPAA) and under a Business Associate Agreement
                (BAA) with each agency, and we require equivalent commitments from any subcontractor that may process PHI for us.
              </p>
              <p>
                Before a match, therapists see only a coarse location and a clinical summary without identifiers. After the agency
                confirms a match, PHI is visible only to that agency and the matched therapist. We use PHI only to provide the service
                the agency engaged us for, never for advertising, and we never sell it.
              </p>
            </>
          ),
        },
        {
          id: 'how-we-use-information',
          title: 'How we use information',
          body: (
            <ul>
              <li>To create and verify accounts and to match referrals with eligible therapists nearby.</li>
              <li>To send notifications about referrals, visits, documentation and payments by email, SMS or in the app.</li>
              <li>To process invoices and payouts per completed visit.</li>
              <li>To answer your questions, provide support, and keep the service secure and working.</li>
              <li>To meet legal, regulatory and audit obligations.</li>
            </ul>
          ),
        },
        {
          id: 'sharing',
          title: 'When we share information',
          body: (
            <p>
              We share information with the agency or therapist on the other side of a referral as the service requires; with service
              providers that host our systems, deliver messages or process payments, under contracts that limit their use of it; and
              when the law requires it. We do not sell personal information.
            </p>
          ),
        },
        {
          id: 'security',
          title: 'Encryption, access controls and audit logging',
          body: (
            <>
              <p>
                Information is encrypted in transit with TLS, and patient identifiers and contact details are additionally encrypted at
                rest. Access follows least privilege: permissions are enforced on our servers by role and by organization, so an
                agency sees only its own referrals and patients and a therapist only the patients they are matched with. Accounts can
                be protected with two-factor authentication.
              </p>
              <p>
                Every read and write of patient information and visit documentation is recorded in an append-only audit log: who, what,
                which record, when and from where. We never write PHI to application logs.
              </p>
            </>
          ),
        },
        {
          id: 'retention',
          title: 'Retention',
          body: (
            <p>
              We keep account information while your account is open. Visit documentation, audit records and billing records are kept
              for as long as the law and our Business Associate Agreements require, after which they are deleted or de-identified. At
              the end of a BAA we return or destroy the agency’s PHI where that is feasible.
            </p>
          ),
        },
        {
          id: 'your-rights',
          title: 'Your rights and choices',
          body: (
            <>
              <p>
                You may ask to access, correct or delete your personal information, or to receive a copy of it, and you may opt out of
                non-essential emails at any time. We will not discriminate against you for exercising these rights.
              </p>
              <p>
                Patients who want to access or amend their health information should contact their home health agency, which controls
                that record; we will help the agency respond.
              </p>
            </>
          ),
        },
        {
          id: 'changes',
          title: 'Changes to this policy',
          body: <p>If we change this policy in a material way we will tell account holders by email before the change takes effect.</p>,
        },
        { id: 'contact', title: 'Contact us', body: <LegalContact topic="privacy or a HIPAA matter" /> },
      ]}
    />
  );
}
