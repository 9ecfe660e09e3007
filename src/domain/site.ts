/** Support promises shown across the public site (seed section 9). */
export const support = {
  email: 'support@carerelay.com',
  phone: '(888) 555-0142',
  phoneHours: 'Mon-Fri 8am-6pm EST',
  replyWithin: '24 hours',
  signupReview: '1-2 business days',
} as const;

/** Landing-page claims (seed section 1). */
export const claims = {
  averageFillMinutes: 15,
  industryFillHours: 72,
  averageSavingsPercent: 25,
  visitCompletionPercent: 98,
} as const;

/** Marketing price ranges (seed section 9). */
export const pricing = {
  physicalTherapyPerVisit: { min: 75, max: 120 },
  nursingPerVisit: { min: 35, max: 65 },
  promise: 'Pay only per completed visit, no upfront costs or monthly fees',
} as const;

export const LEAD_FORM_DELAY_MS = 1200;
export const LOGO_MARQUEE_CYCLE_SECONDS = 30;
export const LEGAL_EFFECTIVE_DATE = 'April 23, 2024';

/** What the server tells the SPA about its deployment (GET /api/site). */
export interface SiteConfig {
  demoSchedulingUrl: string;
  /** The server signs a session out after this much inactivity; the web warns shortly before. */
  sessionIdleSeconds: number;
  /** Social sign-in providers to offer as "Continue with {name}" (ids and names only). */
  socialProviders: Array<{ id: string; name: string }>;
}
