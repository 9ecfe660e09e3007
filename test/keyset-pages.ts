import { expect } from 'vitest';
import type { KeysetPage } from '../src/domain/keyset-page';
import { ok } from './http';

/**
 * Reads a keyset-paged list to its end as a client does: the first page, then `cursor=nextCursor`
 * until it is null. Checks on the way what every page promises (at most `limit` rows, a full page
 * before the last, the same total each time) and returns every page for the test's own checks.
 */
export async function readEveryPage<T>(get: (path: string) => Promise<Response>, path: string, limit: number): Promise<KeysetPage<T>[]> {
  const pages: KeysetPage<T>[] = [];
  const join = path.includes('?') ? '&' : '?';
  let cursor: string | null = null;
  do {
    const page: KeysetPage<T> = await ok<KeysetPage<T>>(await get(`${path}${join}limit=${limit}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`));
    expect(page.items.length).toBeLessThanOrEqual(limit);
    if (page.nextCursor !== null) expect(page.items).toHaveLength(limit);
    if (pages.length > 0) expect(page.total).toBe(pages[0]!.total);
    pages.push(page);
    cursor = page.nextCursor;
    if (pages.length > 100) throw new Error(`${path}: more than 100 pages; is the cursor moving?`);
  } while (cursor !== null);
  return pages;
}
