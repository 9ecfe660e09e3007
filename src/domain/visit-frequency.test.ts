import { describe, expect, it } from 'vitest';
import {
  describeVisitFrequency,
  formatVisitFrequency,
  parseVisitFrequency,
  visitFrequencyMessage,
  visitFrequencySchema,
} from './visit-frequency';

describe('parseVisitFrequency', () => {
  it.each([
    { text: '2w4', segments: [{ perWeek: 2, weeks: 4 }], totalVisits: 8, totalWeeks: 4 },
    { text: '1w1', segments: [{ perWeek: 1, weeks: 1 }], totalVisits: 1, totalWeeks: 1 },
    { text: '7w12', segments: [{ perWeek: 7, weeks: 12 }], totalVisits: 84, totalWeeks: 12 },
    { text: '2W4', segments: [{ perWeek: 2, weeks: 4 }], totalVisits: 8, totalWeeks: 4 },
    { text: '  2 w 4  ', segments: [{ perWeek: 2, weeks: 4 }], totalVisits: 8, totalWeeks: 4 },
    {
      text: '1w1, 2w4',
      segments: [
        { perWeek: 1, weeks: 1 },
        { perWeek: 2, weeks: 4 },
      ],
      totalVisits: 9,
      totalWeeks: 5,
    },
    {
      text: '1W1,2w4 ,  1w2',
      segments: [
        { perWeek: 1, weeks: 1 },
        { perWeek: 2, weeks: 4 },
        { perWeek: 1, weeks: 2 },
      ],
      totalVisits: 11,
      totalWeeks: 7,
    },
    { text: '03w02', segments: [{ perWeek: 3, weeks: 2 }], totalVisits: 6, totalWeeks: 2 },
  ])('reads "$text"', ({ text, segments, totalVisits, totalWeeks }) => {
    expect(parseVisitFrequency(text)).toEqual({ segments, totalVisits, totalWeeks });
  });

  it.each([
    { text: '', why: 'empty' },
    { text: '   ', why: 'only spaces' },
    { text: '0w4', why: 'no visits a week' },
    { text: '8w1', why: 'more than seven visits a week' },
    { text: '2w0', why: 'no weeks' },
    { text: '2w13', why: 'more than twelve weeks in a segment' },
    { text: '2x4', why: 'x instead of w' },
    { text: '3x/wk', why: 'another notation' },
    { text: '2w4,', why: 'a trailing comma' },
    { text: ',2w4', why: 'a leading comma' },
    { text: '1w1,,2w4', why: 'two commas in a row' },
    { text: 'abc', why: 'words' },
    { text: '2w', why: 'no weeks given' },
    { text: 'w4', why: 'no visits given' },
    { text: '2w4w1', why: 'two w in one segment' },
    { text: '1.5w4', why: 'a fraction' },
    { text: '-1w4', why: 'a negative count' },
    { text: '2w4 1w1', why: 'segments without a comma' },
    { text: '100w1', why: 'three digits' },
  ])('rejects "$text" ($why)', ({ text }) => {
    expect(parseVisitFrequency(text)).toEqual({ error: expect.any(String) as string });
  });

  it('says which segment is at fault', () => {
    expect(parseVisitFrequency('1w1, 8w2')).toEqual({ error: '"8w2": visits per week must be 1 to 7' });
    expect(parseVisitFrequency('2w13')).toEqual({ error: '"2w13": weeks must be 1 to 12' });
  });
});

describe('visitFrequencySchema', () => {
  it.each([
    ['2w4', '2w4'],
    ['  2W4 ', '2w4'],
    ['1w1,2w4', '1w1, 2w4'],
    ['1 W 1 ,  2w4', '1w1, 2w4'],
    ['03w02', '3w2'],
  ])('normalises "%s" to "%s"', (input, output) => {
    expect(visitFrequencySchema.parse(input)).toBe(output);
  });

  it.each(['', '0w4', '8w1', '2w13', '2x4', '2w4,', 'abc'])('rejects "%s" with the notation message', (input) => {
    const result = visitFrequencySchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([visitFrequencyMessage]);
  });

  it('rejects a value that is not a string with the same message', () => {
    const result = visitFrequencySchema.safeParse(24);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([visitFrequencyMessage]);
  });

  it('rejects an absurdly long value before parsing it', () => {
    const result = visitFrequencySchema.safeParse(Array.from({ length: 40 }, () => '1w1').join(', '));
    expect(result.success).toBe(false);
  });
});

describe('describeVisitFrequency', () => {
  it.each([
    ['1w1, 2w4', 'once a week for 1 week, then twice a week for 4 weeks'],
    ['2w4', 'twice a week for 4 weeks'],
    ['3w1', 'three times a week for 1 week'],
    [
      '7w12, 5w2, 6w1',
      'seven times a week for 12 weeks, then five times a week for 2 weeks, then six times a week for 1 week',
    ],
  ])('describes "%s"', (text, description) => {
    const parsed = parseVisitFrequency(text);
    if ('error' in parsed) throw new Error(parsed.error);
    expect(describeVisitFrequency(parsed)).toBe(description);
  });
});

describe('formatVisitFrequency', () => {
  it('joins segments in the canonical spelling', () => {
    expect(
      formatVisitFrequency({
        segments: [
          { perWeek: 1, weeks: 1 },
          { perWeek: 2, weeks: 4 },
        ],
      }),
    ).toBe('1w1, 2w4');
  });
});
