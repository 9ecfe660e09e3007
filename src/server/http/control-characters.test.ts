import { describe, expect, it } from 'vitest';
import { findControlCharacter } from './control-characters';

describe('findControlCharacter', () => {
  it('finds nothing in ordinary text, tabs and line breaks included', () => {
    expect(findControlCharacter({ note: 'Line one\r\n\tLine two', count: 3, done: true, none: null })).toBeUndefined();
  });

  it('names the path of the first string holding a control character', () => {
    expect(findControlCharacter({ referral: { services: [{ serviceId: 'eval' }, { serviceId: 'tre\u0000at' }] } })).toEqual([
      'referral',
      'services',
      1,
      'serviceId',
    ]);
    expect(findControlCharacter({ subject: 'bell\u0007' })).toEqual(['subject']);
    expect(findControlCharacter({ subject: 'delete\u007f' })).toEqual(['subject']);
  });

  it('names an object key that holds one', () => {
    expect(findControlCharacter({ rates: { 'a\u0001': 1 } })).toEqual(['rates', 'a\u0001']);
  });

  it('answers for a bare string and leaves buffers alone', () => {
    expect(findControlCharacter('\u0000')).toEqual([]);
    expect(findControlCharacter(Buffer.from([0, 1, 2]))).toBeUndefined();
  });

  it('walks nesting deeper than the call stack allows', () => {
    let deep: unknown = ['\u0000'];
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(findControlCharacter(deep)?.length).toBe(200_001);
  });
});
