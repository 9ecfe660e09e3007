import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, fold, utcDateTime, writeIcs, type IcsEvent } from './ics';

const event = (overrides: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'visit-1@carerelay.test',
  start: new Date('2026-11-25T15:00:00Z'),
  end: new Date('2026-11-25T16:00:00Z'),
  summary: 'CareRelay visit — R-1042, Austin, TX',
  status: 'CONFIRMED',
  sequence: 3,
  lastModified: new Date('2026-11-20T10:30:00Z'),
  ...overrides,
});

const calendar = (events: IcsEvent[]) =>
  writeIcs({ productId: '-//CareRelay//Visits//EN', name: 'CareRelay visits', refreshMinutes: 60, stamp: new Date('2026-11-25T03:00:00Z'), events });

describe('escapeText', () => {
  it('escapes backslash, semicolon and comma, writes line breaks as \\n and drops other control characters', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\u0007g')).toBe('a\\\\b\\;c\\,d\\ne\\nfg');
  });
});

describe('fold', () => {
  it('leaves a line of 75 octets whole and folds the 76th onto a continuation that starts with a space', () => {
    expect(fold('x'.repeat(75))).toBe('x'.repeat(75));
    expect(fold('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('never splits a multi-byte character, and no folded line is longer than 75 octets', () => {
    const folded = fold(`SUMMARY:${'—'.repeat(60)}`);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'—'.repeat(60)}`);
    expect(folded).not.toContain('\uFFFD');
  });
});

describe('writeIcs', () => {
  it('writes UTC date-times in the basic form', () => {
    expect(utcDateTime(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });

  it('ends every line with CRLF', () => {
    const text = calendar([event()]);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('is read back by ical.js with the same values, escaped text and a long folded summary included', () => {
    const summary = `CareRelay visit — R-1042, Austin; TX \\ ${'long '.repeat(20)}`;
    const text = calendar([event({ summary, location: 'Austin, TX', url: 'https://carerelay.test/dashboard/therapist/visits/1' }), event({ uid: 'visit-2@carerelay.test', status: 'CANCELLED' })]);
    const root = new ICAL.Component(ICAL.parse(text));
    expect(root.getFirstPropertyValue('version')).toBe('2.0');
    const [first, second] = root.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    expect(first?.uid).toBe('visit-1@carerelay.test');
    expect(first?.summary).toBe(summary);
    expect(first?.location).toBe('Austin, TX');
    expect(first?.startDate.toJSDate().toISOString()).toBe('2026-11-25T15:00:00.000Z');
    expect(first?.endDate.toJSDate().toISOString()).toBe('2026-11-25T16:00:00.000Z');
    expect(first?.sequence).toBe(3);
    expect(second?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
