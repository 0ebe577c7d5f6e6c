import { describe, expect, it } from 'vitest';
import { confirmPasswordError, PASSWORD_MESSAGES } from '../src/rules';

describe('proto: confirming a new password', () => {
  it('when the confirmation is empty, then it asks for it', () => {
    expect(confirmPasswordError('', 'Fairway!2026')).toBe(PASSWORD_MESSAGES.confirmRequired);
    expect(confirmPasswordError(undefined, 'Fairway!2026')).toBe('Please confirm your password');
  });

  it('when the confirmation differs, then the passwords do not match', () => {
    expect(confirmPasswordError('Fairway!2027', 'Fairway!2026')).toBe('Passwords do not match');
  });

  it('when the confirmation is the same, then there is nothing to say', () => {
    expect(confirmPasswordError('Fairway!2026', 'Fairway!2026')).toBeNull();
  });
});
