import { EVENT_MESSAGES } from '@linksmate/proto/rules';
import { describe, expect, it } from 'vitest';
import { decisionFailure, requesterGolf } from '../src/features/games/join-request-text';
import { ApiError } from '../src/lib/api-client';

describe("a join request as the game's creator reads it", () => {
  it('when a coach with handicap 0 asks to join, then no handicap is shown, as on their profile', () => {
    expect(requesterGolf({ user_handicap: 0, user_skill_level: null })).toBe('');
    expect(requesterGolf({ user_handicap: 0, user_skill_level: 'advanced' })).toBe('Advanced');
  });

  it('when a golfer with a handicap asks, then it is shown with one decimal', () => {
    expect(requesterGolf({ user_handicap: 12, user_skill_level: 'intermediate' })).toBe(
      'Handicap 12.0 · Intermediate',
    );
  });

  it('when approving fails because the game is full, then the message says it is full', () => {
    const full = new ApiError(EVENT_MESSAGES.eventFull, 409, 'event_full');
    expect(decisionFailure('approve', full)).toBe('Failed to approve join request: This event is full.');
  });

  it('when the request failed without a reason from the server, then the spec’s words alone', () => {
    expect(decisionFailure('reject', new TypeError('Failed to fetch'))).toBe('Failed to reject join request');
  });
});
