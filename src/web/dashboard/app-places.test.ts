import { describe, expect, it } from 'vitest';
import { appPlacesFor, currentPlace } from './app-places';

const labels = (places: readonly { label: string }[]) => places.map((place) => place.label);

describe('app places', () => {
  it('gives each role its primary places in order', () => {
    expect(labels(appPlacesFor('therapist', 'approved').primary)).toEqual(['Today', 'Referrals', 'Schedule', 'Payments']);
    expect(labels(appPlacesFor('agency', 'approved').primary)).toEqual(['Dashboard', 'Referrals', 'Patients', 'Schedule', 'Invoices', 'Therapists']);
    expect(labels(appPlacesFor('manager', 'approved').primary)).toEqual(['Dashboard', 'Sign-ups', 'Credentials', 'Payments', 'Marketplace', 'Exclusions']);
  });

  it('keeps the account pages apart, with Settings for therapists only', () => {
    expect(labels(appPlacesFor('therapist', 'approved').account)).toEqual(['Notifications', 'Credentials', 'Settings', 'Security']);
    expect(labels(appPlacesFor('agency', 'approved').account)).toEqual(['Notifications', 'Security']);
  });

  it('shows a pending or rejected account only its status and Security (and a therapist Credentials)', () => {
    for (const status of ['pending', 'rejected'] as const) {
      const places = appPlacesFor('agency', status);
      expect(labels(places.primary)).toEqual(['Account status']);
      expect(places.primary[0]?.to).toBe('/dashboard/agency');
      expect(labels(places.account)).toEqual(['Security']);
      // A therapist uploads credentials before approval, for a manager to verify.
      expect(labels(appPlacesFor('therapist', status).account)).toEqual(['Credentials', 'Security']);
    }
  });

  it('marks the place a page belongs to, sub-pages included', () => {
    const agency = appPlacesFor('agency', 'approved');
    const at = (pathname: string) => currentPlace(agency, pathname)?.label;
    expect(at('/dashboard/agency')).toBe('Dashboard');
    expect(at('/dashboard/agency/referrals')).toBe('Referrals');
    expect(at('/dashboard/agency/referrals/new')).toBe('Referrals');
    expect(at('/dashboard/agency/referrals/0b7c')).toBe('Referrals');
    expect(at('/dashboard/agency/visits/0b7c')).toBe('Schedule');
    expect(at('/dashboard/security')).toBe('Security');
    expect(at('/dashboard/agency/unknown')).toBeUndefined();

    const therapist = appPlacesFor('therapist', 'approved');
    expect(currentPlace(therapist, '/dashboard/therapist')?.label).toBe('Today');
    expect(currentPlace(therapist, '/dashboard/therapist/settings')?.label).toBe('Settings');
    expect(currentPlace(therapist, '/dashboard/therapists')).toBeUndefined();

    const manager = appPlacesFor('manager', 'approved');
    expect(currentPlace(manager, '/dashboard/admin/signups')?.label).toBe('Sign-ups');
    expect(currentPlace(manager, '/dashboard/admin/referrals')?.label).toBe('Marketplace');
    expect(currentPlace(manager, '/dashboard/admin/undelivered')?.label).toBe('Dashboard');
    expect(currentPlace(manager, '/dashboard/admin/exclusions')?.label).toBe('Exclusions');
  });
});
