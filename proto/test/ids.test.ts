import { describe, expect, it } from 'vitest';
import { ID_TEXT_PATTERN, IdParam, INT4_MAX, idFromText } from '../src/schema';

/** Every non-canonical spelling of an id a URL can carry: each means nothing, not 16 or 4. */
const NON_CANONICAL_IDS = ['0x10', '4.0', '+4', '4e0', '04', ' 4', '4 ', '2147483648', '-1', '0', ''];

describe('ids written as text', () => {
  it('when an id is canonical decimal within integer, then it is that number', () => {
    expect(idFromText('4')).toBe(4);
    expect(idFromText('10')).toBe(10);
    expect(idFromText(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('when an id is spelled any other way (hex, fraction, sign, exponent, leading zero, space, past integer), then it is no id', () => {
    for (const text of [...NON_CANONICAL_IDS, '9999999999', '1e999', 'Infinity', '٤', '4\n'])
      expect(idFromText(text), JSON.stringify(text)).toBeNull();
    expect(idFromText(4)).toBeNull();
    expect(idFromText(null)).toBeNull();
  });

  it('when a path or query schema takes an id, then it documents the same rule as text', () => {
    expect(IdParam).toMatchObject({ type: 'string', pattern: ID_TEXT_PATTERN });
  });
});
