import { describe, expect, it } from 'vitest';
import { safeNext, verifyPath } from './safe-next';

describe('safeNext', () => {
  it('keeps a path on this site, with its query and hash', () => {
    expect(safeNext('/dashboard/security')).toBe('/dashboard/security');
    expect(safeNext('/dashboard/admin?page=2#list')).toBe('/dashboard/admin?page=2#list');
  });

  it('falls back to /dashboard when there is no next', () => {
    expect(safeNext(null)).toBe('/dashboard');
    expect(safeNext('')).toBe('/dashboard');
  });

  it('refuses other sites however they are written', () => {
    for (const raw of ['https://evil.test/', '//evil.test/x', '/\\evil.test', '\\\\evil.test', 'javascript:alert(1)', '/\t/evil.test', 'dashboard']) {
      expect(safeNext(raw)).toBe('/dashboard');
    }
  });

  it('builds the /verify link that comes back', () => {
    expect(verifyPath('/dashboard/security')).toBe('/verify?next=/dashboard/security');
    expect(new URL(verifyPath('/dashboard/admin?page=2'), 'https://x.test').searchParams.get('next')).toBe('/dashboard/admin?page=2');
  });
});
