import { describe, expect, it } from 'vitest';
import { createFigureCache } from './figure-cache';

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
