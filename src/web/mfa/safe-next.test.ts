import { describe, expect, it } from 'vitest';
import { idleSignOutPath, onboardingPath, safeNext, securityPath, signedInPath, signInPath, verifyPath } from './safe-next';

describe('safeNext', () => {
  it('keeps a page of the signed-in area, with its query and hash', () => {
    expect(safeNext('/dashboard')).toBe('/dashboard');
    expect(safeNext('/dashboard/security')).toBe('/dashboard/security');
    expect(safeNext('/dashboard/admin?page=2#list')).toBe('/dashboard/admin?page=2#list');
    expect(safeNext('/dashboard/therapist/referrals/3f2a?from=alert')).toBe('/dashboard/therapist/referrals/3f2a?from=alert');
  });

  it('falls back to /dashboard when there is no next', () => {
    expect(safeNext(null)).toBe('/dashboard');
    expect(safeNext(undefined)).toBe('/dashboard');
    expect(safeNext('')).toBe('/dashboard');
  });

  it('refuses other sites however they are written', () => {
    for (const raw of [
      'https://evil.example/',
      'https://evil.example/dashboard',
      '//evil.example',
      '//evil.example/dashboard',
      '/\\evil',
      '/\\evil.example/dashboard',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/\t/evil.example',
      '/\n/evil.example/dashboard',
      'dashboard',
    ]) {
      expect(safeNext(raw), raw).toBe('/dashboard');
    }
  });

  it('refuses pages of this site outside the signed-in area, however the path is spelled', () => {
    for (const raw of ['/', '/signup', '/verify?next=/dashboard', '/dashboardx', '/dashboard-evil', '/dashboard/../signup', '/dashboard/%2e%2e/signup']) {
      expect(safeNext(raw), raw).toBe('/dashboard');
    }
  });

  it('uses the fallback it is given', () => {
    expect(safeNext('https://evil.example/', '/dashboard/agency')).toBe('/dashboard/agency');
  });
});

describe('links that carry next', () => {
  const nextOf = (path: string) => new URL(path, 'https://x.test').searchParams.get('next');

  it('keep the whole destination, query included, and read back through safeNext', () => {
    const next = '/dashboard/admin?page=2&q=a b';
    for (const path of [verifyPath(next), signInPath(next), idleSignOutPath(next), signedInPath(next), onboardingPath(next), securityPath(next)]) {
      expect(safeNext(nextOf(path))).toBe('/dashboard/admin?page=2&q=a%20b');
    }
  });

  it('lead to their pages with slashes left readable', () => {
    expect(verifyPath('/dashboard/security')).toBe('/verify?next=/dashboard/security');
    expect(signInPath('/dashboard/therapist')).toBe('/?signIn=1&next=/dashboard/therapist');
    expect(idleSignOutPath('/dashboard/therapist')).toBe('/?signedOut=idle&next=/dashboard/therapist');
    expect(signedInPath('/dashboard')).toBe('/signed-in?next=/dashboard');
    expect(onboardingPath('/dashboard')).toBe('/onboarding?next=/dashboard');
    expect(securityPath('/dashboard/agency/referrals/7')).toBe('/dashboard/security?next=/dashboard/agency/referrals/7');
  });
});
