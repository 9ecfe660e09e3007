import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatchUp } from './catch-up';

/** The catch-up with a `send` that records each sentinel instead of sending it. */
function setup() {
  const sent: string[] = [];
  const catchUp = createCatchUp(async (payload) => {
    sent.push(payload);
  });
  const settled = <T>(promise: Promise<T>) => {
    const state: { done: boolean; value?: T } = { done: false };
    void promise.then((value) => Object.assign(state, { done: true, value }));
    return state;
  };
  return { catchUp, sent, settled };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('catching up with the notices before a kept read', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a read once the sentinel sent after it comes back, not on other notices', async () => {
    const { catchUp, sent, settled } = setup();
    const read = settled(catchUp.wait());
    expect(sent).toHaveLength(1);
    expect(catchUp.heard('agency-1')).toBe(false);
    expect(catchUp.heard('sentinel:another-instance:1')).toBe(true);
    await tick();
    expect(read.done).toBe(false);
    expect(catchUp.heard(sent[0]!)).toBe(true);
    await tick();
    expect(read).toEqual({ done: true, value: true });
  });

  it('a read arriving while a sentinel is on its way waits for the next one; a burst shares it', async () => {
    const { catchUp, sent, settled } = setup();
    const first = settled(catchUp.wait());
    const later = [settled(catchUp.wait()), settled(catchUp.wait())];
    expect(sent).toHaveLength(1);
    catchUp.heard(sent[0]!);
    await tick();
    expect(first.done).toBe(true);
    expect(later.map((read) => read.done)).toEqual([false, false]);
    expect(sent).toHaveLength(2);
    catchUp.heard(sent[1]!);
    await tick();
    expect(later).toEqual([
      { done: true, value: true },
      { done: true, value: true },
    ]);
  });

  it('answers false when it cannot tell: the listener lost, or no sentinel back within a second', async () => {
    const { catchUp, sent, settled } = setup();
    const reads = [settled(catchUp.wait()), settled(catchUp.wait())];
    catchUp.lost();
    await tick();
    expect(reads).toEqual([
      { done: true, value: false },
      { done: true, value: false },
    ]);

    vi.useFakeTimers();
    const slow = settled(catchUp.wait());
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(999);
    await Promise.resolve();
    expect(slow.done).toBe(false);
    vi.advanceTimersByTime(1);
    await Promise.resolve();
    await Promise.resolve();
    expect(slow).toEqual({ done: true, value: false });
  });
});
