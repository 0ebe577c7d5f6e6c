import { describe, expect, it } from 'vitest';
import { maskEmail } from '../src/rules/profile';

describe('maskEmail', () => {
  it('when an e-mail is masked, then the first 2 characters of the local part and the domain show', () => {
    expect(maskEmail('olivia@linksmate.dev')).toBe('ol****@linksmate.dev');
  });

  it('when local parts of different lengths are masked, then the masks are as long as each other', () => {
    const short = maskEmail('abc@example.com');
    const long = maskEmail('abcdefghijklmnopqrstuvwxyz@example.com');
    expect(short).toBe('ab****@example.com');
    expect(long.length).toBe(short.length);
  });

  it('when the local part is shorter than 2 characters, then no more of it shows than there is', () => {
    expect(maskEmail('a@example.com')).toBe('a****@example.com');
  });
});
