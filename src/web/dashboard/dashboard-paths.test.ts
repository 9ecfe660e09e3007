import { describe, expect, it } from 'vitest';
import { dashboardPathFor, isWithin } from './dashboard-paths';

describe('dashboard paths', () => {
  it('sends agencies and therapists to their own dashboard and managers to admin', () => {
    expect(dashboardPathFor('agency')).toBe('/dashboard/agency');
    expect(dashboardPathFor('therapist')).toBe('/dashboard/therapist');
    expect(dashboardPathFor('manager')).toBe('/dashboard/admin');
  });

  it('knows a page inside a dashboard from another dashboard', () => {
    expect(isWithin('/dashboard/therapist', '/dashboard/therapist')).toBe(true);
    expect(isWithin('/dashboard/therapist/visits', '/dashboard/therapist')).toBe(true);
    expect(isWithin('/dashboard/therapists', '/dashboard/therapist')).toBe(false);
    expect(isWithin('/dashboard', '/dashboard/therapist')).toBe(false);
  });
});
