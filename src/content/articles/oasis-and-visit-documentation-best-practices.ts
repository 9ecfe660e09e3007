import type { Article } from '../../domain/content';

export const oasisAndVisitDocumentationBestPractices: Article = {
  id: 'oasis-and-visit-documentation-best-practices',
  title: 'OASIS and Visit Documentation Best Practices for Home Health Therapists',
  excerpt:
    'Timely, accurate documentation protects patients, supports payment and keeps surveys uneventful. Practical habits for OASIS assessments and therapy visit notes, and how to keep PHI out of insecure channels.',
  author: 'Karen Holloway, RN, COS-C',
  publishDate: '2026-03-10',
  readTime: '4 min read',
  category: 'Compliance & Documentation',
  tags: ['OASIS', 'documentation', 'visit notes', 'compliance', 'PHI'],
  featured: false,
  content: `
<p>In home health, if it was not documented, it did not happen. Your visit note is the record of the care you gave, the basis for the agency's claim, the evidence a surveyor reviews and the hand-off to the next clinician. OASIS data also drives Medicare payment and publicly reported quality measures. Good documentation is not busywork; it is part of the care.</p>

<h2>OASIS essentials for therapists</h2>
<p>The Outcome and Assessment Information Set (OASIS) is the standardized assessment CMS requires for adult patients receiving skilled home health care. It began with Medicare and Medicaid patients, and since 2025 CMS has extended it to patients of every payer. Agencies moved to OASIS-E in 2023 and to OASIS-E1 in 2025. In therapy-only cases, a physical therapist or speech-language pathologist may complete the start-of-care comprehensive assessment, and since 2022 an occupational therapist may as well when the plan of care includes physical therapy or speech therapy but not skilled nursing. The key time frames are:</p>
<ul>
<li><strong>Initial assessment visit:</strong> within 48 hours of the referral or of the patient's return home, or on the start-of-care date the physician ordered.</li>
<li><strong>Start-of-care comprehensive assessment:</strong> completed no later than 5 calendar days after the start of care.</li>
<li><strong>Recertification:</strong> during the last 5 days of each 60-day certification period (days 56 to 60).</li>
<li><strong>Resumption of care:</strong> within 2 calendar days after the patient returns home from an inpatient stay.</li>
<li><strong>Transfer and discharge:</strong> within 2 calendar days of the event.</li>
<li><strong>Submission:</strong> the agency must submit each completed assessment to CMS within 30 days.</li>
</ul>

<h2>Habits that make notes defensible</h2>
<ul>
<li><strong>Document at the point of care.</strong> Notes written days later are less accurate and harder to defend. Many agencies set a 24 or 48 hour deadline; aim to finish the same day.</li>
<li><strong>Show the skilled need.</strong> Describe what only a therapist could do: your clinical reasoning, how you progressed the program and how the patient responded, not just "therapeutic exercise, 15 minutes."</li>
<li><strong>Tie every visit to the plan of care.</strong> Reference the goals and the ordered frequency, and record measurable progress toward them.</li>
<li><strong>Describe homebound status in functional terms.</strong> For Medicare patients, explain why leaving home takes a considerable and taxing effort, and what device or help from another person it requires.</li>
<li><strong>Reassess on time.</strong> Medicare requires a qualified therapist from each discipline providing therapy to reassess the patient's function at least every 30 days.</li>
<li><strong>Keep OASIS and notes consistent.</strong> If the OASIS says the patient needs help to walk, a note that says "ambulates independently" invites a denial.</li>
<li><strong>Report missed visits.</strong> Record the reason and tell the agency the same day so the physician can be informed.</li>
</ul>

<h2>Keep PHI out of non-secure channels</h2>
<p>Documentation happens on the road, which is exactly where protected health information (PHI) leaks. Names, addresses, diagnoses and photos are all PHI.</p>
<ul>
<li>Do not text patient details or photos from personal messaging apps; use the secure messaging your agency or platform provides.</li>
<li>Do not email notes from a personal account or save them to a personal cloud drive.</li>
<li>Keep identifiers out of your phone calendar; use initials or a visit reference instead.</li>
<li>Lock your devices with a passcode and automatic lock, and never leave paper records visible in your car.</li>
<li>If something goes wrong, such as a misdirected message or a lost phone, tell the agency's privacy officer at once. Breach reporting has legal deadlines.</li>
</ul>
<p>On CareRelay, patient details are shared only after a match is confirmed and are visible only to the agency and the matched therapist. You submit a structured note for each visit, by service type, inside the platform, and the agency reviews it there.</p>

<h2>An end-of-visit checklist</h2>
<ul>
<li>Vital signs, pain and any change in condition recorded, with the agency notified of anything urgent.</li>
<li>Interventions, patient response and progress toward each goal described.</li>
<li>Education given and how the patient or caregiver showed understanding.</li>
<li>Plan for the next visit, and any order changes needed.</li>
<li>Visit times recorded accurately, and the note signed.</li>
</ul>
<p>Make these habits automatic and documentation stops being the part of the job you dread. It becomes the proof of the good work you already do.</p>
`,
};
