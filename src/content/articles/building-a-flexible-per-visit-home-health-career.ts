import type { Article } from '../../domain/content';

export const buildingAFlexiblePerVisitHomeHealthCareer: Article = {
  id: 'building-a-flexible-per-visit-home-health-career',
  title: 'Building a Flexible Per-Visit Home Health Career',
  excerpt:
    'Per-visit home health work lets PTs, PTAs, OTs, COTAs and speech therapists choose their own schedule, caseload and territory. Here is how to set up a flexible career that pays well and stays sustainable.',
  author: 'Marcus Lee, PT, DPT',
  publishDate: '2026-09-02',
  readTime: '4 min read',
  category: 'Therapist Careers',
  tags: ['per-visit', 'flexible schedule', 'therapist careers', 'home health', 'independent contractor'],
  featured: true,
  content: `
<p>Home health has always attracted therapists who want autonomy: one patient at a time, treated in the place where they actually live, without the productivity quotas of a busy outpatient clinic. Per-visit work takes that a step further. Instead of carrying a salaried caseload, you accept the referrals that fit your week and are paid for each completed visit. Done well, it can be a full-time career, extra income around another job, or a bridge through a season of life when a fixed schedule does not work.</p>

<h2>Who per-visit home health suits</h2>
<p>Every therapy discipline has a place in home health. Physical therapists, occupational therapists and speech-language pathologists perform evaluations, progress reports and discharge visits as well as treatment. Physical therapist assistants and certified occupational therapy assistants provide treatment visits under the plan of care set by a supervising therapist. Many agencies prefer at least a year of clinical experience before home health, because you will make decisions without a colleague down the hall. If you are newer, a mentor you can call and a few weeks of shadowing make the transition far easier.</p>

<h2>Getting set up</h2>
<ul>
<li><strong>License and credentials.</strong> Keep an active license in each state where your patients live, along with your NPI number, CPR certification and any health screenings agencies require. On CareRelay you add them under Credentials, our team verifies them, and you only see referrals in states where your license is verified and current.</li>
<li><strong>Professional liability insurance.</strong> Many agencies ask contracted clinicians for proof of coverage. Even where they do not, your own policy is inexpensive protection.</li>
<li><strong>A mobile office.</strong> A reliable car, a charged phone, a clean equipment bag (gait belt, blood pressure cuff, pulse oximeter, goniometer, hand sanitizer) and a way to document securely away from a desk.</li>
<li><strong>Your rates and your radius.</strong> Set a per-visit rate for each service and a service radius in miles around your ZIP code. CareRelay starts you at default rates of $150 for an initial evaluation, $100 for a treatment session, $75 for a progress report and $100 for a discharge summary, and you can change them at any time.</li>
</ul>

<h2>Designing a week that works</h2>
<p>The freedom to say no is the heart of per-visit work, but a sustainable week still needs a plan.</p>
<ul>
<li><strong>Cluster your visits.</strong> Three or four visits close together beat six spread across a county. A tighter radius often earns more per hour once you count the driving.</li>
<li><strong>Think in episodes, not single visits.</strong> A referral written as 2w4 means two visits a week for four weeks. Accepting it commits you to that patient's continuity of care, so accept only what you can keep.</li>
<li><strong>Block time for documentation.</strong> Finish notes the same day, while details are fresh. Late notes delay the agency's billing and your own pay.</li>
<li><strong>Set a ceiling before the notifications start.</strong> Decide your maximum visits per week in advance, and protect your days off.</li>
</ul>

<h2>Getting paid per visit</h2>
<p>On CareRelay, each completed visit with approved documentation is paid at the rate you agreed when you accepted the referral, and payouts go straight to your account through the platform. You can request a higher rate when a case warrants it, for example a long drive, a complex patient or a visit outside usual hours, and the agency decides whether to confirm you. Because you are paid per visit, income tracks effort directly: 25 treatment visits in a week at $100 each is $2,500 before expenses.</p>

<h2>Taxes, mileage and the business side</h2>
<p>Many per-visit clinicians work as independent contractors rather than employees. If that applies to you, no tax is withheld from your pay, so set aside part of every payment for income tax and self-employment tax and make quarterly estimated payments. Keep a mileage log of driving between patients' homes, and track expenses such as equipment, continuing education, license renewals and insurance. An hour with a tax professional who works with healthcare contractors is money well spent in your first year.</p>

<h2>Staying sharp and avoiding burnout</h2>
<p>Working alone means building your own support system. Keep up with the continuing education your license requires, join your professional association's home health community, and keep a peer you can call about a difficult case. Watch your total hours, including driving and documentation, not just your visit count. Burnout in home health usually comes from the hidden hours.</p>

<h2>Getting started</h2>
<p>If you are new to home health, start small: a few visits a week near home, alongside your current job, until you know how long your visits and notes really take. Then grow at your own pace. Sign up, complete the two onboarding steps, and our team reviews new accounts within 1-2 business days.</p>
`,
};
