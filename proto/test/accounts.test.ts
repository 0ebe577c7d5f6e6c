import { describe, expect, it } from 'vitest';
import { ACCOUNT_EMAIL_MESSAGES, accountEmailError } from '../src/rules/accounts';

describe('the account e-mail rule', () => {
  it('when the e-mail is empty or blank, then it is required', () => {
    expect(accountEmailError('')).toBe(ACCOUNT_EMAIL_MESSAGES.required);
    expect(accountEmailError('   ')).toBe('Email is required');
  });

  it('when the e-mail lacks an @, a domain dot or has spaces inside, then it is not an address', () => {
    for (const typed of ['golfer', 'golfer@club', 'golf er@club.au', '@club.au'])
      expect(accountEmailError(typed), typed).toBe('Please enter a valid email address.');
  });

  it('when the e-mail is an address with spaces around it, then it passes as the server trims it', () => {
    expect(accountEmailError(' olivia@linksmate.dev ')).toBeNull();
  });
});
