import { describe, expect, it } from 'vitest';
import { createFigureCache } from './figure-cache';
import { createPageCache, type KeptPage } from './page-cache';

describe('page cache', () => {
  function pagesSetup(maxPagesPerTenant = 3) {
    let clock = 1_000;
    const tenants = createFigureCache<Map<string, Promise<KeptPage<string>>>>({ ttlMs: 100, maxEntries: 10, now: () => clock });
    const pages = createPageCache(tenants, { maxPagesPerTenant, now: () => clock });
    let reads = 0;
    const read = (value: string, until?: number) => () => {
      reads += 1;
      return Promise.resolve({ value, until });
    };
    return { tenants, pages, read, reads: () => reads, advance: (ms: number) => (clock += ms), at: () => clock };
  }

  it("keeps each of a tenant's pages under its own key, and each tenant's apart", async () => {
    const { pages, read, reads } = pagesSetup();
    expect(await pages.get('agency-1', 'open', read('open 1'))).toBe('open 1');
    expect(await pages.get('agency-1', 'draft', read('draft 1'))).toBe('draft 1');
    expect(await pages.get('agency-2', 'open', read('open 2'))).toBe('open 2');
    expect(await pages.get('agency-1', 'open', read('open 3'))).toBe('open 1');
    expect(reads()).toBe(3);
  });

  it("forgetting a tenant drops all its pages, and a page still being read is not kept", async () => {
    const { tenants, pages, read } = pagesSetup();
    await pages.get('agency-1', 'open', read('before'));
    await pages.get('agency-1', 'draft', read('before'));
    await pages.get('agency-2', 'open', read('other'));
    let finish!: (value: string) => void;
    const running = pages.get('agency-1', 'closed', () => new Promise<KeptPage<string>>((resolve) => (finish = (value) => resolve({ value }))));
    await new Promise(setImmediate); // the read has begun
    tenants.forget('agency-1');
    finish('read before the change');
    expect(await running).toBe('read before the change');
    expect(await pages.get('agency-1', 'open', read('after'))).toBe('after');
    expect(await pages.get('agency-1', 'draft', read('after'))).toBe('after');
    expect(await pages.get('agency-1', 'closed', read('after'))).toBe('after');
    expect(await pages.get('agency-2', 'open', read('not this'))).toBe('other');
  });

  it('does not keep a failed read', async () => {
    const { pages, read } = pagesSetup();
    await expect(pages.get('agency-1', 'open', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await pages.get('agency-1', 'open', read('read again'))).toBe('read again');
  });

  it('keeps at most maxPagesPerTenant pages of a tenant; further pages are read every time', async () => {
    const { pages, read, reads } = pagesSetup(2);
    await pages.get('agency-1', 'cursor-1', read('1'));
    await pages.get('agency-1', 'cursor-2', read('2'));
    await pages.get('agency-1', 'cursor-3', read('3'));
    expect(await pages.get('agency-1', 'cursor-3', read('3 again'))).toBe('3 again');
    expect(await pages.get('agency-1', 'cursor-1', read('1 again'))).toBe('1');
    expect(reads()).toBe(4);
  });

  it('serves a page that changes with time alone only until the time it gave', async () => {
    const { pages, read, advance, at } = pagesSetup();
    expect(await pages.get('therapist-1', 'open', read('two offers', at() + 50))).toBe('two offers');
    advance(49);
    expect(await pages.get('therapist-1', 'open', read('not read'))).toBe('two offers');
    advance(1);
    expect(await pages.get('therapist-1', 'open', read('one offer'))).toBe('one offer');
  });
});
