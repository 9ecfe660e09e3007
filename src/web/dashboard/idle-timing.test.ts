import { describe, expect, it } from 'vitest';
import { idlePhase, idleTimings, shouldKeepAlive } from './idle-timing';

describe('idle timings', () => {
  it('warns a minute before a 30-minute timeout and keeps alive at most once a minute', () => {
    expect(idleTimings(30 * 60)).toEqual({ idleMs: 1_800_000, warningMs: 60_000, keepAliveMs: 60_000 });
  });

  it('warns a quarter of a short timeout before its end', () => {
    expect(idleTimings(8)).toEqual({ idleMs: 8000, warningMs: 2000, keepAliveMs: 2000 });
  });
});

describe('idle phase', () => {
  const timings = idleTimings(30 * 60);
  const start = 1_000_000;

  it('is active until the warning, then counts down, then expires', () => {
    expect(idlePhase(start, start, timings)).toEqual({ phase: 'active', secondsLeft: 1800 });
    expect(idlePhase(start + 1_739_000, start, timings)).toEqual({ phase: 'active', secondsLeft: 61 });
    expect(idlePhase(start + 1_740_000, start, timings)).toEqual({ phase: 'warning', secondsLeft: 60 });
    expect(idlePhase(start + 1_799_001, start, timings)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(idlePhase(start + 1_800_000, start, timings)).toEqual({ phase: 'expired', secondsLeft: 0 });
  });
});

describe('keep-alive', () => {
  const timings = idleTimings(30 * 60);
  const refreshedAt = 1_000_000;
  const ask = (now: number, activeSinceRefresh = true, lastSentAt = refreshedAt) =>
    shouldKeepAlive({ now, refreshedAt, lastSentAt, activeSinceRefresh, timings });

  it('waits a minute after the last one', () => {
    expect(ask(refreshedAt + 59_999)).toBe(false);
    expect(ask(refreshedAt + 60_000)).toBe(true);
  });

  it('waits a minute after any request that could have refreshed the session', () => {
    expect(ask(refreshedAt + 90_000, true, refreshedAt + 45_000)).toBe(false);
    expect(ask(refreshedAt + 105_000, true, refreshedAt + 45_000)).toBe(true);
  });

  it('is not sent without activity', () => {
    expect(ask(refreshedAt + 120_000, false)).toBe(false);
  });

  it('is not sent by movement once the warning shows or the session has ended', () => {
    expect(ask(refreshedAt + 1_750_000)).toBe(false);
    expect(ask(refreshedAt + 1_900_000)).toBe(false);
  });
});
