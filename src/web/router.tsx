import { createBrowserRouter, Navigate } from 'react-router';
import { SiteLayout } from './layout/site-layout';
import { Loading } from './ui/states';

/** Every page is its own chunk, loaded when its route is first visited. */
export const router = createBrowserRouter([
  {
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
      { path: 'contact', lazy: async () => ({ Component: (await import('./contact/contact-page')).ContactPage }) },
      { path: 'privacy-policy', lazy: async () => ({ Component: (await import('./legal/privacy-policy-page')).PrivacyPolicyPage }) },
      { path: 'terms-of-service', lazy: async () => ({ Component: (await import('./legal/terms-of-service-page')).TermsOfServicePage }) },
      { path: 'dev/mailbox', lazy: async () => ({ Component: (await import('./dev/mailbox-page')).MailboxPage }) },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
