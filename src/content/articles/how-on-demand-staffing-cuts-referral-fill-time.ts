import type { Article } from '../../domain/content';

export const howOnDemandStaffingCutsReferralFillTime: Article = {
  id: 'how-on-demand-staffing-cuts-referral-fill-time',
  title: 'How On-Demand Staffing Cuts Referral Fill Time from Days to Minutes',
  excerpt:
    'Every hour a therapy referral sits unstaffed puts the start of care, the patient and your referral relationships at risk. Here is where the days go in a traditional fill process, and how an on-demand model brings it down to minutes.',
  author: 'Dana Whitfield, MBA',
  publishDate: '2026-10-14',
  readTime: '4 min read',
  category: 'Agency Operations',
  tags: ['referrals', 'fill time', 'staffing', 'agency operations', 'start of care'],
  featured: true,
  content: `
<p>For most home health agencies, the hard part is not finding patients. It is staffing them. A discharge planner sends a physical therapy referral on a Tuesday afternoon, intake accepts it, and then the scramble begins: calls to staff clinicians who are already at capacity, texts to per-diem therapists who may or may not reply, and a growing list of cases nobody can pick up. The benchmark agencies describe to us most often is about 72 hours from referral to an accepted therapist, and longer in rural counties or during a winter surge.</p>

<h2>Why slow fills are expensive</h2>
<p>A referral that waits is more than an inconvenience. It costs you in four ways:</p>
<ul>
<li><strong>Start-of-care deadlines.</strong> Medicare's Conditions of Participation expect the initial assessment visit within 48 hours of the referral or of the patient's return home, or on the start-of-care date the physician ordered. A late start needs a documented reason and can push the whole plan of care back.</li>
<li><strong>Lost referral sources.</strong> Hospitals, physician offices and skilled nursing facilities notice which agencies say yes and start care quickly. When you decline or delay, the next referral goes to someone else.</li>
<li><strong>Patient outcomes.</strong> The first days after a hospital discharge are when patients are most likely to fall, lose strength or end up readmitted. Therapy that starts late starts behind.</li>
<li><strong>Staff burnout.</strong> Coordinators spend hours on phone trees, and full-time clinicians are pushed into overtime to cover the gaps.</li>
</ul>

<h2>Where the days go in a traditional fill process</h2>
<p>When agencies map their fill process step by step, the clinical work is rarely the slow part. The time is lost in serial communication: one call, one wait, one "no," then the next call. A coordinator may contact five therapists one after another, each taking hours to reply. Rates are negotiated case by case. Credentials are checked only after someone says yes. Every hand-off adds delay, and most of it happens during business hours only, so a referral that arrives at 4 p.m. on a Friday can easily wait until Monday.</p>

<h2>How on-demand staffing changes the math</h2>
<p>An on-demand marketplace replaces that serial process with a parallel one. On CareRelay, the referral you post (discipline, services needed, the patient's ZIP code, visit frequency such as 2w4, a start-by date and your offered rates) reaches every available, qualified therapist nearby at the same moment.</p>
<ul>
<li><strong>Broadcast instead of phone trees.</strong> Available therapists whose service radius covers the patient's ZIP code are notified instantly when a referral is posted, so the first acceptance often arrives within minutes.</li>
<li><strong>Clinicians reviewed in advance.</strong> Each therapist's NPI and state license are reviewed before they can accept work, so a match does not wait on paperwork.</li>
<li><strong>The right discipline for the service.</strong> Only clinicians who may perform the service see the referral: evaluations, progress reports and discharges go to PTs, OTs and speech therapists, while PTAs and COTAs can take treatment visits.</li>
<li><strong>Rates agreed up front.</strong> Therapists accept at the rates you offer, or request a higher rate with a reason, such as a complex case or a long drive. You decide which response to confirm.</li>
<li><strong>Instant confirm.</strong> If you turn it on, the first acceptance within your offered rates is confirmed automatically, with no coordinator in the loop.</li>
</ul>
<p>The result is an average fill time of 15 minutes on CareRelay, compared with the roughly 72 hours many agencies are used to.</p>

<h2>Moving fast without exposing patient information</h2>
<p>Speed should never come at the cost of privacy. Before a match is confirmed, therapists see only what they need to decide: the discipline, the services, a coarse location by ZIP code, the visit frequency and a clinical summary without identifiers. The patient's name, address and contact details are shared only with the therapist you confirm, and every access to them is written to an audit log.</p>

<h2>Five steps to cut your own fill time</h2>
<ul>
<li><strong>Measure it.</strong> Record when each referral arrives and when a therapist is confirmed. You cannot improve a number you do not track.</li>
<li><strong>Write referrals that can be accepted at a glance.</strong> State the services, frequency and start-by date clearly, and keep the clinical summary short and free of identifiers.</li>
<li><strong>Offer realistic rates.</strong> Referrals priced below the local market sit the longest. Our guide to per-visit pay rates is a good starting point.</li>
<li><strong>Decide who confirms, and when.</strong> Name a backup for the person who confirms matches, or turn on instant confirm for the rates you are comfortable with.</li>
<li><strong>Review documentation promptly.</strong> Therapists who are paid quickly for completed visits come back for your next referral.</li>
</ul>
<p>Your patients, your referral sources and your clinicians all feel the difference when the wait drops from days to minutes. To see how it would work in your service area, book a demo or contact our team.</p>
`,
};
