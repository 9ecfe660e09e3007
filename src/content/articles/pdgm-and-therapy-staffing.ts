import type { Article } from '../../domain/content';

export const pdgmAndTherapyStaffing: Article = {
  id: 'pdgm-and-therapy-staffing',
  title: 'PDGM and What It Means for Therapy Staffing',
  excerpt:
    'Since 2020, Medicare no longer pays home health agencies more for more therapy visits. How the Patient-Driven Groupings Model works, and how agencies staff therapy well under it.',
  author: 'Jonathan Reyes, MHA',
  publishDate: '2025-11-05',
  readTime: '4 min read',
  category: 'Industry Insights',
  tags: ['PDGM', 'Medicare', 'reimbursement', 'therapy staffing', 'LUPA'],
  featured: false,
  content: `
<p>On January 1, 2020, the Centers for Medicare &amp; Medicaid Services (CMS) replaced the home health payment model with the Patient-Driven Groupings Model (PDGM). Under the old model, the number of therapy visits in a 60-day episode raised the payment directly, with steps at thresholds such as 6, 14 and 20 visits. PDGM removed therapy volume from the payment formula entirely. Six years on, it still shapes how agencies hire, schedule and pay therapists.</p>

<h2>How PDGM pays</h2>
<p>PDGM pays for 30-day periods of care, while physician certification still covers 60 days. Each 30-day period is placed in a payment group using five factors:</p>
<ul>
<li><strong>Admission source:</strong> institutional if the patient had an acute or post-acute stay in the 14 days before home health began, otherwise community.</li>
<li><strong>Timing:</strong> early for the first 30-day period, late for every period after it.</li>
<li><strong>Clinical group:</strong> the primary diagnosis places the period in one of 12 clinical groups, such as Musculoskeletal Rehabilitation, Neuro Rehabilitation, Wounds, Behavioral Health, Complex Nursing Interventions and seven Medication Management, Teaching and Assessment (MMTA) groups.</li>
<li><strong>Functional impairment level:</strong> low, medium or high, scored from OASIS items about function and fall risk.</li>
<li><strong>Comorbidity adjustment:</strong> none, low or high, based on secondary diagnoses.</li>
</ul>
<p>Together these factors produce 432 case-mix groups, each with its own weight. Early periods generally carry higher weights than late ones.</p>

<h2>The LUPA threshold</h2>
<p>Every payment group has a low-utilization payment adjustment (LUPA) threshold of between two and six visits in the 30-day period. If a period has fewer visits than its threshold, the agency is paid a standard amount per visit instead of the full period payment. That makes the number of visits delivered early in care matter, and it makes missed or late visits expensive.</p>

<h2>What changed for therapy</h2>
<ul>
<li><strong>Therapy became a cost, not a revenue driver.</strong> Many agencies restructured their therapy departments around PDGM's launch and shifted toward per-visit and contracted clinicians, so therapy costs rise and fall with patient volume.</li>
<li><strong>Functional scoring matters more.</strong> Accurate OASIS functional items, often scored by therapists, feed directly into the functional impairment level.</li>
<li><strong>Medical necessity still decides coverage.</strong> Therapy must be reasonable and necessary and tied to measurable goals. The Jimmo v. Sebelius settlement also made clear that skilled maintenance therapy can be covered even when a patient is not expected to improve.</li>
<li><strong>Timely starts are rewarded.</strong> With higher weights for early periods and LUPA thresholds counted per 30 days, a slow start of care costs money as well as outcomes.</li>
</ul>

<h2>Staffing therapy well under PDGM</h2>
<ul>
<li><strong>Start care fast.</strong> The 48-hour initial assessment requirement and the LUPA threshold both reward a quick first visit.</li>
<li><strong>Match frequency to need, not a template.</strong> Order the visits each patient needs to reach their goals, then make sure those visits happen.</li>
<li><strong>Use the right discipline mix.</strong> Keep evaluations, reassessments and discharges with PTs, OTs and speech-language pathologists, and use PTAs and COTAs for treatment visits under the therapist's plan of care.</li>
<li><strong>Turn fixed cost into variable cost.</strong> Per-visit clinicians let you absorb referral surges without carrying idle salaried capacity in quiet weeks.</li>
<li><strong>Invest in documentation quality.</strong> The primary diagnosis code and OASIS accuracy decide the payment group, so coding and assessment training pay for themselves.</li>
</ul>

<h2>Where on-demand staffing fits</h2>
<p>PDGM rewards exactly what an on-demand model provides: fast starts of care, visit counts that follow patient need, and a therapy cost that scales with census. When a referral needs a physical therapist in a ZIP code your staff do not cover, posting it to a marketplace of verified, local, per-visit therapists keeps the first 30-day period on track without adding a salary.</p>
<p>One caution: PDGM is adjusted every year. CMS has applied permanent behavioral adjustments to the base payment rate in recent annual rules, and case-mix weights and LUPA thresholds are recalibrated. Check the current year's final rule and your Medicare Administrative Contractor's guidance before making staffing decisions.</p>
`,
};
