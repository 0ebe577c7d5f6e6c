import { describe, expect, it } from 'vitest';
import { topicMatches } from '../src/bus/types';

describe('topicMatches', () => {
  it.each([
    ['identity.user.*', 'identity.user.registered', true],
    ['identity.user.*', 'identity.user', false],
    ['identity.#', 'identity.user.registered', true],
    ['#', 'anything.at.all', true],
    ['events.*.approved', 'events.join-request.approved', true],
    ['events.*.approved', 'events.join-request.rejected', false],
    ['payments.membership.changed', 'payments.membership.changed', true],
    ['a.#.z', 'a.z', true],
    ['a.#.z', 'a.b.c.z', true],
  ])('when the pattern is %s and the key %s, then it matches: %s', (pattern, key, expected) => {
    expect(topicMatches(pattern, key)).toBe(expected);
  });
});
