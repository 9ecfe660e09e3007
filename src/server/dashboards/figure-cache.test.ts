import { describe, expect, it } from 'vitest';
import { createFigureCache, createPageCache, type KeptPage } from './figure-cache';

function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000;
  const cache = createFigureCache<number>({ ttlMs: options.ttlMs ?? 100, maxEntries: options.maxEntries ?? 10, now: () => clock });
  let reads = 0;
  const load = (value = 0) => () => {
    reads += 1;
    return Promise.resolve(value);
  };
  return {
    cache,
    load,
    reads: () => reads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('figure cache', () => {
  it('serves figures again within their time to live, then reads anew', async () => {
    const { cache, load, reads, advance } = setup({ ttlMs: 100 });
    expect(await cache.get('agency-1', load(1))).toBe(1);
    advance(99);
    expect(await cache.get('agency-1', load(2))).toBe(1);
    advance(1);
    expect(await cache.get('agency-1', load(3))).toBe(3);
    expect(reads()).toBe(2);
  });

  it('keeps each key apart', async () => {
    const { cache, load } = setup();
    expect(await cache.get('agency-1', load(1))).toBe(1);
    expect(await cache.get('agency-2', load(2))).toBe(2);
    expect(await cache.get('agency-1', load(3))).toBe(1);
  });

  it('runs one read for callers that arrive while it is running', async () => {
    const { cache } = setup();
    let finish!: (value: number) => void;
    let reads = 0;
    const slow = () => {
      reads += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const first = cache.get('agency-1', slow);
    const second = cache.get('agency-1', slow);
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(reads).toBe(1);
  });

  it('reads again after forget, also when forgotten while the earlier read was running', async () => {
    const { cache, load } = setup();
    expect(await cache.get('agency-1', load(1))).toBe(1);
    cache.forget('agency-1');
    expect(await cache.get('agency-1', load(2))).toBe(2);

    let finish!: (value: number) => void;
    cache.forget('agency-1');
    const running = cache.get('agency-1', () => new Promise<number>((resolve) => (finish = resolve)));
    cache.forget('agency-1');
    finish(3);
    expect(await running).toBe(3);
    // That read may predate the change: it is not served to anyone after it.
    expect(await cache.get('agency-1', load(4))).toBe(4);
  });

  it('does not keep a failed read', async () => {
    const { cache, load } = setup();
    await expect(cache.get('agency-1', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('agency-1', load(5))).toBe(5);
  });

  it('clear forgets everything', async () => {
    const { cache, load } = setup();
    await cache.get('agency-1', load(1));
    await cache.get('agency-2', load(2));
    cache.clear();
    expect(cache.size).toBe(0);
    expect(await cache.get('agency-1', load(3))).toBe(3);
  });

  it('holds at most maxEntries, dropping the oldest and the expired first', async () => {
    const { cache, load, advance } = setup({ ttlMs: 100, maxEntries: 2 });
    await cache.get('a', load(1));
    advance(10);
    await cache.get('b', load(2));
    advance(10);
    await cache.get('c', load(3));
    expect(cache.size).toBe(2);
    expect(await cache.get('a', load(4))).toBe(4);
    expect(await cache.get('c', load(5))).toBe(3);

    advance(200);
    await cache.get('d', load(6));
    expect(cache.size).toBe(1);
  });
});

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
