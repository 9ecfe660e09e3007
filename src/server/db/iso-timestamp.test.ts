import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { timestampIso } from './iso-timestamp';

const asDate = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ);

describe('timestampIso', () => {
  it("writes PostgreSQL's text of a timestamp as the Date pg would parse from it writes itself", () => {
    for (const text of [
      '2026-03-04 05:06:07.123999+00',
      '2026-03-04 05:06:07.123+00',
      '2026-03-04 05:06:07.5+00',
      '2026-03-04 05:06:07.000001+00',
      '2026-03-04 05:06:07+00',
      '2026-12-31 23:59:59.999999+00',
      '2026-03-04 05:06:07.123999-08',
      '2026-03-04 05:06:07.25+05:30',
      '2026-03-04 05:06:07+09',
    ]) {
      expect(timestampIso(text), text).toBe(asDate(text).toISOString());
    }
  });

  it('keeps a missing time missing', () => {
    expect(timestampIso(null)).toBeNull();
  });
});
