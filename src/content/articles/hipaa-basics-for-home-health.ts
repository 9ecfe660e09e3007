import type { Article } from '../../domain/content';

export const hipaaBasicsForHomeHealth: Article = {
  id: 'hipaa-basics-for-home-health',
  title: 'HIPAA Basics for Home Health Agencies and Clinicians',
  excerpt:
    'What the HIPAA Privacy, Security and Breach Notification Rules mean day to day for home health agencies and the therapists who visit patients at home.',
  author: 'Rachel Kim, JD, CHC',
  publishDate: '2024-08-27',
  readTime: '4 min read',
  category: 'Compliance & Documentation',
  tags: ['HIPAA', 'privacy', 'PHI', 'security', 'compliance'],
  featured: false,
  content: `
<p>The Health Insurance Portability and Accountability Act (HIPAA) sets the national rules for protecting health information. It applies to covered entities, which include health care providers that bill electronically (in practice, every home health agency that bills Medicare), and to their business associates, the vendors that handle health information on their behalf. Therapists who treat an agency's patients, whether as employees or contractors, work under the agency's HIPAA policies. Home health adds a twist: the care, and the paperwork, happen in patients' homes and cars rather than behind a locked clinic door.</p>

<h2>What counts as PHI</h2>
<p>Protected health information (PHI) is health information that can identify the person it is about, in any form: spoken, written or electronic. It covers far more than a diagnosis. Names, street addresses, dates tied to the person such as birth or admission dates, phone numbers, email addresses, medical record numbers and full-face photos are all identifiers. HIPAA's Safe Harbor method for de-identifying data lists 18 of them. A photo of a wound with a pill bottle label in the background is PHI.</p>

<h2>The three rules you need to know</h2>
<ul>
<li><strong>The Privacy Rule</strong> decides who may use and disclose PHI and why, and gives patients rights, including the right to see and get a copy of their records, to ask for corrections and to receive a notice of privacy practices.</li>
<li><strong>The Security Rule</strong> requires administrative, physical and technical safeguards for electronic PHI: risk analysis, workforce training, access controls, encryption where reasonable, audit logs and secure disposal.</li>
<li><strong>The Breach Notification Rule</strong> requires notifying affected patients without unreasonable delay and no later than 60 days after a breach is discovered. Breaches affecting 500 or more people must also be reported to the Department of Health and Human Services within 60 days, and to prominent media when 500 or more residents of one state are affected. Smaller breaches are reported to HHS within 60 days after the end of the calendar year.</li>
</ul>

<h2>Minimum necessary, in practice</h2>
<p>The minimum necessary standard asks you to use, share and request only the PHI needed for the job. It does not apply when providers share information with each other to treat the patient, so coordinating care with the physician or the next clinician is fine. It does apply to most everything else: a scheduler does not need the full history, and a referral posted to find a therapist does not need the patient's name.</p>

<h2>Risks that are specific to home health</h2>
<ul>
<li><strong>Conversations in the home.</strong> HIPAA lets you talk with family members involved in the patient's care unless the patient objects. When in doubt, ask the patient who may hear what.</li>
<li><strong>Phones and laptops.</strong> Use a passcode and automatic lock, keep the operating system updated, and use only approved apps for notes and messages.</li>
<li><strong>Text messages and personal email.</strong> Ordinary texting and personal email are not secure channels for PHI. Use the secure tools your agency or platform provides.</li>
<li><strong>Paper in the car.</strong> Keep any paper records out of sight, in a closed bag, and bring them back to the agency or shred them as policy requires.</li>
<li><strong>Voicemail.</strong> Leave your name, your agency and a call-back number, not clinical details.</li>
</ul>

<h2>Business associate agreements</h2>
<p>Any vendor that creates, receives, stores or transmits PHI for an agency needs a business associate agreement (BAA) with it: the electronic health record, the billing company, the staffing platform. The BAA commits the vendor to HIPAA's safeguards and to reporting breaches to the agency. Ask for one before any PHI is shared.</p>

<h2>How CareRelay protects patient information</h2>
<p>CareRelay is built around the minimum necessary standard. Referrals show therapists only a coarse location by ZIP code and a clinical summary without identifiers. The patient's identifiers and contact details are encrypted at rest, visible only to the agency and the matched therapist, and every read and change is recorded in an audit log.</p>

<h2>A short checklist for agencies</h2>
<ul>
<li>Complete and update a security risk analysis, and act on what it finds.</li>
<li>Train every clinician, including contractors, when they start and at least once a year.</li>
<li>Keep signed business associate agreements with every vendor that touches PHI.</li>
<li>Name a privacy officer, and make reporting a possible breach easy and blame-free.</li>
<li>Review who can access patient records, and remove access promptly when someone leaves.</li>
</ul>
<p>HIPAA compliance is not a one-time project. Small daily habits, repeated by every clinician on every visit, are what keep patient information safe.</p>
`,
};
