import type { Article } from '../../domain/content';

export const perVisitPayRatesExplained: Article = {
  id: 'per-visit-pay-rates-explained',
  title: 'Per-Visit Pay Rates for PT, PTA, OT, COTA and ST, Explained',
  excerpt:
    'What goes into a home health per-visit rate, why an evaluation pays more than a treatment session, how rates differ by discipline, and how rate requests work on CareRelay.',
  author: 'Priya Raman, OTR/L',
  publishDate: '2026-06-18',
  readTime: '4 min read',
  category: 'Therapist Careers',
  tags: ['pay rates', 'per-visit', 'compensation', 'physical therapy', 'occupational therapy', 'speech therapy'],
  featured: false,
  content: `
<p>Per-visit pay is the standard way home health agencies pay contracted and per-diem therapists. Instead of an hourly wage, you earn a set amount for each completed visit of a given type, and that amount has to cover the drive, the visit itself and the documentation afterwards. Knowing what is built into the number helps clinicians choose work that pays fairly, and helps agencies set rates that actually get referrals filled.</p>

<h2>Why the type of visit matters</h2>
<p>Visits do not all take the same time. An initial evaluation includes a comprehensive assessment, often the OASIS start-of-care assessment, a review of medications and the home, goal setting and a plan of care, so it is the longest visit and pays the most. A treatment session follows the plan of care and is usually the shortest. Progress reports and discharge summaries involve reassessing the patient and writing up outcomes, so their pay reflects documentation time as much as time in the home.</p>

<h2>CareRelay's default service rates</h2>
<p>Every therapist on CareRelay starts with these default rates, which they can change during onboarding or later:</p>
<table>
<thead><tr><th>Service</th><th>Default rate</th><th>Who can perform it</th></tr></thead>
<tbody>
<tr><td>Initial Evaluation</td><td>$150</td><td>PT, OT or ST</td></tr>
<tr><td>Treatment Session</td><td>$100</td><td>PT, PTA, OT, COTA or ST</td></tr>
<tr><td>Progress Report</td><td>$75</td><td>PT, OT or ST</td></tr>
<tr><td>Discharge Summary</td><td>$100</td><td>PT, OT or ST</td></tr>
</tbody>
</table>
<p>Agencies set offered rates on each referral, and a therapist sees whether a referral pays at or above their own rates before accepting it.</p>

<h2>Typical ranges by discipline</h2>
<p>Rates vary with region, payer mix and local demand, so treat any range as a guide rather than a promise. Physical therapy visits typically pay $75 to $120 per visit, with evaluations at the top of that range or above it. For comparison, nursing visits typically run $35 to $65 per visit.</p>
<ul>
<li><strong>PT:</strong> $75 to $120 for most visits; evaluations, reassessments and discharges pay more than treatment sessions.</li>
<li><strong>PTA:</strong> treatment visits only, usually priced below a PT treatment visit, because the assistant works under a physical therapist's plan of care and supervision.</li>
<li><strong>OT:</strong> generally comparable to PT in the same market.</li>
<li><strong>COTA:</strong> treatment visits only, usually below an OT treatment visit, mirroring the PTA.</li>
<li><strong>ST:</strong> speech-language pathologists are scarce in many home health markets, so their rates are often as high as PT rates or higher.</li>
</ul>

<h2>What moves a rate up or down</h2>
<ul>
<li><strong>Distance and drive time.</strong> A visit 40 minutes away costs the clinician far more than one around the corner.</li>
<li><strong>Clinical complexity.</strong> Complex neurological patients, wound care, bariatric care and behavioral health needs take more time and skill.</li>
<li><strong>Timing.</strong> Evening, weekend and same-day start-of-care visits are harder to staff.</li>
<li><strong>Local supply and demand.</strong> Rural counties and fast-growing suburbs often have too few home health therapists.</li>
<li><strong>Documentation load.</strong> Agencies whose systems or requirements add time to every note should expect to pay for it.</li>
</ul>

<h2>How rate requests work on CareRelay</h2>
<p>When a referral arrives, a therapist can accept it at the offered rates or send a rate request: a higher rate with a short reason, such as a long drive or a complex case. The agency sees acceptances and rate requests side by side and confirms exactly one therapist. The agreed rate is fixed for that match, and each visit is paid at that rate once the agency approves the documentation.</p>

<h2>Comparing per-visit pay with a salary</h2>
<p>To compare offers, convert a visit rate into an effective hourly rate: divide the rate by the total time the visit takes, including driving and documentation. A $100 treatment session with 45 minutes in the home, 20 minutes of driving and 15 minutes of documentation takes 80 minutes, which works out to $75 an hour before expenses. Then account for mileage, unpaid gaps between visits and any benefits you would otherwise buy yourself.</p>

<h2>For agencies: pricing referrals so they fill</h2>
<p>Referrals offered below the local market are the ones that sit unaccepted. Offer more for hard-to-staff areas and complex patients, answer rate requests quickly, and remember that with CareRelay you pay only per completed visit, no upfront costs or monthly fees.</p>
`,
};
