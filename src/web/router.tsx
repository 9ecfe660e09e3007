import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { Loading } from './ui/states';

export const SITE_ROUTE_ID = 'site';

/** A page under the public site that stays client-rendered: it is personal (a reset link's token) or for development only. */
export const notPrerendered = { prerender: false } as const;

/**
 * The route table, shared by the browser's router (below) and the build-time renderer of the public
 * pages (entry-server.tsx). Every page is its own chunk, loaded when its route is first visited.
 */
export const routes: RouteObject[] = [
  {
    // Signed-in area: redirects to / without a session, and sends each user where their account belongs.
    path: 'dashboard',
    lazy: async () => ({ Component: (await import('./dashboard/dashboard-layout')).DashboardLayout }),
    hydrateFallbackElement: <Loading />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./dashboard/dashboard-home')).DashboardHome }) },
      { path: 'agency', lazy: async () => ({ Component: (await import('./dashboard/agency-dashboard')).AgencyDashboard }) },
      { path: 'agency/referrals', lazy: async () => ({ Component: (await import('./referrals/agency/referral-list-page')).AgencyReferralListPage }) },
      { path: 'agency/referrals/new', lazy: async () => ({ Component: (await import('./referrals/agency/new-referral-page')).NewReferralPage }) },
      { path: 'agency/referrals/:id', lazy: async () => ({ Component: (await import('./referrals/agency/referral-page')).AgencyReferralPage }) },
      { path: 'therapist', lazy: async () => ({ Component: (await import('./dashboard/therapist-dashboard')).TherapistDashboard }) },
      { path: 'therapist/referrals', lazy: async () => ({ Component: (await import('./referrals/therapist/referrals-near-me-page')).ReferralsNearMePage }) },
      { path: 'therapist/referrals/:id', lazy: async () => ({ Component: (await import('./referrals/therapist/therapist-referral-page')).TherapistReferralPage }) },
      { path: 'therapist/settings', lazy: async () => ({ Component: (await import('./preferences/settings-page')).SettingsPage }) },
      { path: 'admin', lazy: async () => ({ Component: (await import('./admin/admin-dashboard')).AdminDashboard }) },
      { path: 'admin/signups', lazy: async () => ({ Component: (await import('./admin/signups-page')).SignupsPage }) },
      { path: 'admin/credentials', lazy: async () => ({ Component: (await import('./credentials/credential-queue-page')).CredentialQueuePage }) },
      { path: 'admin/credentials/therapists/:id', lazy: async () => ({ Component: (await import('./credentials/therapist-credentials-page')).TherapistCredentialsPage }) },
      { path: 'therapist/credentials', lazy: async () => ({ Component: (await import('./credentials/credentials-page')).CredentialsPage }) },
      { path: 'admin/undelivered', lazy: async () => ({ Component: (await import('./admin/undelivered-page')).UndeliveredPage }) },
      { path: 'admin/expiring-credentials', lazy: async () => ({ Component: (await import('./admin/expiring-credentials-page')).ExpiringCredentialsPage }) },
      { path: 'admin/exclusions', lazy: async () => ({ Component: (await import('./admin/exclusions-page')).ExclusionsPage }) },
      { path: 'admin/referrals', lazy: async () => ({ Component: (await import('./referrals/admin/referral-eligibility-page')).ReferralEligibilityPage }) },
      { path: 'agency/schedule', lazy: async () => ({ Component: (await import('./visits/schedule-page')).SchedulePage }) },
      { path: 'agency/visits/:id', lazy: async () => ({ Component: (await import('./visits/visit-page')).VisitPage }) },
      { path: 'agency/therapists', lazy: async () => ({ Component: (await import('./dashboard/network-therapists-page')).NetworkTherapistsPage }) },
      { path: 'agency/therapists/:id', lazy: async () => ({ Component: (await import('./therapist-profile/therapist-profile-page')).TherapistProfilePage }) },
      { path: 'agency/patients', lazy: async () => ({ Component: (await import('./dashboard/patient-records-page')).PatientRecordsPage }) },
      { path: 'agency/invoices', lazy: async () => ({ Component: (await import('./payments/payments-page')).PaymentsPage }) },
      { path: 'therapist/schedule', lazy: async () => ({ Component: (await import('./visits/schedule-page')).SchedulePage }) },
      { path: 'therapist/visits/:id', lazy: async () => ({ Component: (await import('./visits/visit-page')).VisitPage }) },
      { path: 'therapist/payments', lazy: async () => ({ Component: (await import('./payments/payments-page')).PaymentsPage }) },
      { path: 'admin/payments', lazy: async () => ({ Component: (await import('./payments/admin-payments-page')).AdminPaymentsPage }) },
      { path: 'notifications', lazy: async () => ({ Component: (await import('./notifications/notifications-page')).NotificationsPage }) },
      { path: 'security', lazy: async () => ({ Component: (await import('./mfa/security-page')).SecurityPage }) },
    ],
  },
  {
    // Outside both layouts: the dashboard's would send an unverified session straight back here.
    path: 'verify',
    lazy: async () => ({ Component: (await import('./mfa/verify-page')).VerifyPage }),
    hydrateFallbackElement: <Loading />,
  },
  {
    // Where a sign-in lands before going on to `next`; outside both layouts, like /verify.
    path: 'signed-in',
    lazy: async () => ({ Component: (await import('./auth/signed-in-page')).SignedInPage }),
    hydrateFallbackElement: <Loading />,
  },
  {
    path: 'onboarding',
    lazy: async () => ({ Component: (await import('./onboarding/onboarding-page')).OnboardingPage }),
    hydrateFallbackElement: <Loading />,
  },
  {
    // The public site: its pages are rendered to HTML at build time (scripts/prerender.ts), except
    // those marked `notPrerendered`.
    id: SITE_ROUTE_ID,
    element: <SiteLayout />,
    hydrateFallbackElement: <Loading />,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./landing/landing-page')).LandingPage }) },
      { path: 'articles', lazy: async () => ({ Component: (await import('./articles/articles-page')).ArticlesPage }) },
      { path: 'articles/:id', lazy: async () => ({ Component: (await import('./articles/article-page')).ArticlePage }) },
      {
        path: 'services/physical-therapy-staffing',
        lazy: async () => ({ Component: (await import('./marketing/physical-therapy-staffing-page')).PhysicalTherapyStaffingPage }),
      },
      {
        path: 'careers/physical-therapist-jobs',
        lazy: async () => ({ Component: (await import('./marketing/physical-therapist-jobs-page')).PhysicalTherapistJobsPage }),
      },
      {
        path: 'careers/nursing-opportunities',
        lazy: async () => ({ Component: (await import('./marketing/nursing-opportunities-page')).NursingOpportunitiesPage }),
      },
      {
        path: 'careers/home-health-careers',
        lazy: async () => ({ Component: (await import('./marketing/home-health-careers-page')).HomeHealthCareersPage }),
      },
      {
        path: 'careers/benefits-support',
        lazy: async () => ({ Component: (await import('./marketing/benefits-support-page')).BenefitsSupportPage }),
      },
      { path: 'signup', lazy: async () => ({ Component: (await import('./auth/signup-page')).SignupPage }) },
      { path: 'reset-password', handle: notPrerendered, lazy: async () => ({ Component: (await import('./auth/reset-password-page')).ResetPasswordPage }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('./contact/contact-page')).ContactPage }) },
      { path: 'privacy-policy', lazy: async () => ({ Component: (await import('./legal/privacy-policy-page')).PrivacyPolicyPage }) },
      { path: 'terms-of-service', lazy: async () => ({ Component: (await import('./legal/terms-of-service-page')).TermsOfServicePage }) },
      { path: 'dev/mailbox', handle: notPrerendered, lazy: async () => ({ Component: (await import('./dev/mailbox-page')).MailboxPage }) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/**
 * The browser's router. Over a page rendered at build time, the lazy routes the address matches are
 * loaded first: the page must hydrate with its own components, where a router still loading them
 * would render the fallback over the content instead (React Router's "lazy routes and hydration").
 */
export async function createAppRouter({ overPrerendered }: { overPrerendered: boolean }) {
  if (overPrerendered) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(routes);
}
