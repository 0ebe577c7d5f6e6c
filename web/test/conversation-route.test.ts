import { describe, expect, it } from 'vitest';
import { conversationFromRoute } from '../src/features/messages/conversation-route';

describe('the conversation a /messages address names (spec 2 "Messaging")', () => {
  it('when the address is /messages, then no conversation is open and nothing is wrong', () => {
    expect(conversationFromRoute(undefined, undefined)).toEqual({ kind: 'none' });
  });

  it('when the type and id are a direct or event conversation, then it opens with the id as a number', () => {
    expect(conversationFromRoute('direct', '12')).toEqual({ kind: 'open', type: 'direct', id: 12 });
    expect(conversationFromRoute('event', '7')).toEqual({ kind: 'open', type: 'event', id: 7 });
  });

  it('when the type is neither, then the spec says "Invalid conversation type: {type}"', () => {
    expect(conversationFromRoute('foo', '6')).toEqual({
      kind: 'invalid',
      message: 'Invalid conversation type: foo',
    });
  });

  it('when the id is no positive whole number, then "Invalid user ID" or "Invalid event ID"', () => {
    for (const id of ['abc', '0', '-3', '1.5', '1e3', ''])
      expect(conversationFromRoute('direct', id)).toEqual({ kind: 'invalid', message: 'Invalid user ID' });
    expect(conversationFromRoute('event', 'abc')).toEqual({ kind: 'invalid', message: 'Invalid event ID' });
  });
});
