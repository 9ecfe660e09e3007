import { describe, expect, it } from 'vitest';
import { keptReads } from './tenant-reads';

/** Notices as a test sets them: heard or not, and what the catch-up answers (counting how often it is asked). */
function notices(state: { listening: boolean; caughtUp: boolean }) {
  const asked = { count: 0 };
  return {
    asked,
    state,
    reads: keptReads({
      listening: () => state.listening,
      caughtUp: async () => {
        asked.count++;
        return state.caughtUp;
      },
    }),
  };
}

/** A read that counts how often it went to the database. */
function counted<T>(value: T) {
  const read = { count: 0, load: async () => (read.count++, value) };
  return read;
}

const FIGURES = { ttlMs: 10_000, maxTenants: 10 };
const PAGES = { ttlMs: 10_000, maxTenants: 10, maxPagesPerTenant: 4 };

describe('kept figures', () => {
  it('are served again while the notices are heard, without asking the catch-up', async () => {
    const { reads, asked } = notices({ listening: true, caughtUp: false });
    const figures = reads.figures<number>(FIGURES);
    const read = counted(7);
    expect([await figures.get('agency-1', read.load), await figures.get('agency-1', read.load)]).toEqual([7, 7]);
    expect(read.count).toBe(1);
    expect(asked.count).toBe(0);
  });

  it('kept caughtUp, are served again only while the catch-up answers true', async () => {
    const { reads, state, asked } = notices({ listening: true, caughtUp: true });
    const figures = reads.figures<number>({ ...FIGURES, caughtUp: true });
    const read = counted(3);
    await figures.get('undelivered-messages', read.load);
    await figures.get('undelivered-messages', read.load);
    expect(read.count).toBe(1);
    expect(asked.count).toBe(2);

    // The catch-up could not tell (no answer in time, the listener lost): read from the database.
    state.caughtUp = false;
    await figures.get('undelivered-messages', read.load);
    expect(read.count).toBe(2);
  });

  it('are not kept while the notices are not heard, and a forgotten tenant is read again', async () => {
    const { reads, state } = notices({ listening: false, caughtUp: true });
    const figures = reads.figures<number>(FIGURES);
    const read = counted(1);
    await figures.get('agency-1', read.load);
    await figures.get('agency-1', read.load);
    expect(read.count).toBe(2);

    state.listening = true;
    await figures.get('agency-1', read.load);
    reads.forget('agency-1');
    await figures.get('agency-1', read.load);
    expect(read.count).toBe(4);
  });
});

describe('kept pages', () => {
  it('are served again only while the catch-up answers true', async () => {
    const { reads, state } = notices({ listening: true, caughtUp: true });
    const pages = reads.pages<string[]>(PAGES);
    const read = counted({ value: ['R-1'] });
    expect(await pages.get('agency-1', 'first', read.load)).toEqual(['R-1']);
    await pages.get('agency-1', 'first', read.load);
    expect(read.count).toBe(1);

    state.caughtUp = false;
    expect(await pages.get('agency-1', 'first', read.load)).toEqual(['R-1']);
    expect(read.count).toBe(2);
  });

  it('are all dropped when notices may have been missed', async () => {
    const { reads } = notices({ listening: true, caughtUp: true });
    const pages = reads.pages<string[]>(PAGES);
    const read = counted({ value: ['R-1'] });
    await pages.get('agency-1', 'first', read.load);
    await pages.get('agency-2', 'first', read.load);
    reads.forgetAll();
    await pages.get('agency-1', 'first', read.load);
    await pages.get('agency-2', 'first', read.load);
    expect(read.count).toBe(4);
  });
});
