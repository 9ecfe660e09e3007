import type { Article } from '../../domain/content';

export const homeVisitSafetyForClinicians: Article = {
  id: 'home-visit-safety-for-clinicians',
  title: 'Home Visit Safety: A Practical Guide for Clinicians',
  excerpt:
    "From planning your route to leaving a visit that does not feel right, practical habits that keep home health clinicians safe on the road and in patients' homes.",
  author: 'Alicia Monroe, PT, MSPT',
  publishDate: '2025-05-21',
  readTime: '4 min read',
  category: 'Therapist Careers',
  tags: ['safety', 'home visits', 'infection control', 'body mechanics', 'field tips'],
  featured: false,
  content: `
<p>Home health clinicians work alone, in settings they do not control, and spend much of the day on the road. Most visits are uneventful, but the ones that are not tend to go better for clinicians who prepared. OSHA's guidance on preventing workplace violence in healthcare names home health workers as a group at particular risk. These habits come from experienced field therapists and nurses.</p>

<h2>Before you go</h2>
<ul>
<li><strong>Read the referral for safety notes.</strong> Look for pets, oxygen in use, smoking, other people in the home and any history the agency has flagged. If something is unclear, ask before the visit, not at the door.</li>
<li><strong>Share your schedule.</strong> Make sure the agency, or someone you trust, knows where you will be and when you expect to finish.</li>
<li><strong>Call ahead.</strong> Confirming the time with the patient or caregiver also tells you who will be home.</li>
<li><strong>Plan the route.</strong> Check directions, parking and building access before you leave, keep your phone charged and your fuel tank above a quarter, and schedule unfamiliar areas in daylight when you can.</li>
</ul>

<h2>Arriving at the home</h2>
<ul>
<li>Park in a well-lit spot where you will not be blocked in, ideally facing the way you will leave.</li>
<li>Take a moment to look around before getting out. Loud arguments, someone who appears intoxicated or a loose aggressive dog are reasons to wait, call the agency or reschedule.</li>
<li>Ask for pets to be put in another room before you start. This is a normal request; say it is for the pet's safety as well as yours.</li>
<li>Keep your keys and phone on you, not in your bag, and notice the exits as you walk in.</li>
</ul>

<h2>During the visit</h2>
<ul>
<li><strong>Position yourself well.</strong> Where possible, keep a clear path to the door and avoid being cornered in a small room.</li>
<li><strong>De-escalate early.</strong> Speak calmly, acknowledge frustration and avoid arguing. If tension keeps rising, end the visit politely.</li>
<li><strong>Respect oxygen safety.</strong> Open flames and smoking near home oxygen are a serious fire risk. Remind the household, and report unsafe practices to the agency.</li>
<li><strong>Use bag technique.</strong> Set your bag on a clean barrier, clean your hands before reaching into it and after patient contact, and disinfect reusable equipment between patients.</li>
<li><strong>Scan for hazards.</strong> Clutter, loose rugs, cords and poor lighting can trip you as easily as the patient. Note them for the home safety plan.</li>
</ul>

<h2>Protect your body</h2>
<p>Low beds, soft couches and narrow bathrooms make transfers harder than in a clinic. Use a gait belt, plan each transfer before you start, raise surfaces where you can and ask a caregiver to help when it is safe. Do not lift beyond your capacity; if a patient needs two-person assistance or equipment such as a mechanical lift, tell the agency so the plan of care reflects it. Back injuries end more home health careers than almost anything else.</p>

<h2>Leaving a visit that feels unsafe</h2>
<p>You are never required to stay in an unsafe situation. If you feel threatened, leave with a simple, neutral reason, get to your car and drive to a safe place before making calls. In an emergency, call 911 first. Then notify the agency and document what happened objectively: what you saw and heard, not conclusions. The agency can arrange an escort, a joint visit or a different clinician.</p>

<h2>On the road</h2>
<ul>
<li>Never document or text while driving; finish notes when parked.</li>
<li>Take short breaks between visits on long days, and keep water and a snack in the car.</li>
<li>Keep a basic kit for your climate: a phone charger, flashlight and first-aid kit, plus a blanket and scraper in winter.</li>
</ul>

<h2>For agencies</h2>
<p>Safety is shared work. Put known risks in the referral summary without identifying the patient, keep a written home visit safety policy, support clinicians who end a visit early, and review every incident report. On CareRelay, each visit records check-in and check-out times, so the agency knows when a visit started and when the clinician has left the home.</p>
`,
};
