import type { ComponentType } from 'react';
import { withQueries } from './with-queries';

/** A page of the public site: its route (`index`, or a path under `/`) and the module and export of its component. */
export interface SitePage {
  index?: true;
  path?: string;
  /** Relative to src/web: the key of its loader below. */
  module: string;
  component: string;
  /** False for a page that stays client-rendered: it is personal (a reset link's token) or for development only. */
  prerender?: false;
  /** False for a page that renders without TanStack Query (whose lazily loaded parts bring it along themselves). */
  queries?: false;
}

/**
 * The public site's pages, one table for both ways they are shown: inside the signed-in app's router
 * (router.tsx, when someone goes there from the app) and on their own, rendered at build time and
 * hydrated by the site's light entry (site-main.ts, site-start.tsx). Every page is its own chunk.
 */
export const sitePages: SitePage[] = [
  { index: true, module: './landing/landing-page.tsx', component: 'LandingPage', queries: false },
  { path: 'articles', module: './articles/articles-page.tsx', component: 'ArticlesPage' },
  { path: 'articles/:id', module: './articles/article-page.tsx', component: 'ArticlePage' },
  { path: 'services/physical-therapy-staffing', module: './marketing/physical-therapy-staffing-page.tsx', component: 'PhysicalTherapyStaffingPage', queries: false },
  { path: 'careers/physical-therapist-jobs', module: './marketing/physical-therapist-jobs-page.tsx', component: 'PhysicalTherapistJobsPage', queries: false },
  { path: 'careers/nursing-opportunities', module: './marketing/nursing-opportunities-page.tsx', component: 'NursingOpportunitiesPage', queries: false },
  { path: 'careers/home-health-careers', module: './marketing/home-health-careers-page.tsx', component: 'HomeHealthCareersPage', queries: false },
  { path: 'careers/benefits-support', module: './marketing/benefits-support-page.tsx', component: 'BenefitsSupportPage', queries: false },
  { path: 'signup', module: './auth/signup-page.tsx', component: 'SignupPage' },
  { path: 'reset-password', prerender: false, module: './auth/reset-password-page.tsx', component: 'ResetPasswordPage' },
  { path: 'contact', module: './contact/contact-page.tsx', component: 'ContactPage' },
  { path: 'privacy-policy', module: './legal/privacy-policy-page.tsx', component: 'PrivacyPolicyPage', queries: false },
  { path: 'terms-of-service', module: './legal/terms-of-service-page.tsx', component: 'TermsOfServicePage', queries: false },
  { path: 'dev/mailbox', prerender: false, module: './dev/mailbox-page.tsx', component: 'MailboxPage' },
];

// Listed one by one (not a wildcard), so only these modules become chunks.
const loaders = import.meta.glob<Record<string, unknown>>([
  './landing/landing-page.tsx',
  './articles/articles-page.tsx',
  './articles/article-page.tsx',
  './marketing/physical-therapy-staffing-page.tsx',
  './marketing/physical-therapist-jobs-page.tsx',
  './marketing/nursing-opportunities-page.tsx',
  './marketing/home-health-careers-page.tsx',
  './marketing/benefits-support-page.tsx',
  './auth/signup-page.tsx',
  './auth/reset-password-page.tsx',
  './contact/contact-page.tsx',
  './legal/privacy-policy-page.tsx',
  './legal/terms-of-service-page.tsx',
  './dev/mailbox-page.tsx',
]);

/** The page's component, loading its chunk (and TanStack Query's, for a page that uses it). */
export function loadPage(page: SitePage): Promise<ComponentType> {
  const component = loadComponent(page);
  return page.queries === false ? component : withQueries(component);
}

async function loadComponent(page: SitePage): Promise<ComponentType> {
  const load = loaders[page.module];
  const component = load && (await load())[page.component];
  if (typeof component !== 'function') throw new Error(`${page.module} has no component ${page.component}`);
  return component as ComponentType;
}

/** The page's route pattern as an address pattern (`/`, `/articles/:id`). */
export function patternOf(page: SitePage): string {
  return page.index ? '/' : `/${page.path}`;
}
