import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { loadPage, sitePages } from './site-pages';
import { Loading } from './ui/states';

/** The signed-in app's route table. Every page is its own chunk, loaded when its route is first visited. */
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
    // The public site. Its pages are rendered to HTML at build time (scripts/prerender.ts) and hydrated
    // by the site's own light entry (site-main.ts); here they are for someone who goes to one from
    // inside the app, and for the two that are not prerendered.
    element: <SiteLayout />,
    hydrateFallbackElement: <Loading />,
    children: [
      ...sitePages.map((page): RouteObject => {
        const lazy = async () => ({ Component: await loadPage(page) });
        return page.index ? { index: true, lazy } : { path: page.path, lazy };
      }),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The signed-in app's router. It renders in the browser only (index.html is empty), so nothing hydrates. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
