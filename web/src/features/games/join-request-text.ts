import { ApiError } from '../../lib/api-client';
import { formatHandicap, showsHandicap } from '../../lib/golf';
import { capitalise } from '../../lib/text';
import type { JoinRequest } from './api/get-join-requests';

/** How a game's creator reads a join request: who asks, their golf, and why a decision failed. */

export const requesterName = (request: JoinRequest) =>
  [request.user_first_name, request.user_last_name].filter(Boolean).join(' ') ||
  request.user_username ||
  'Golfer';

/** Handicap (only above 0, as everywhere else) and skill: '' when neither says anything. */
export function requesterGolf(request: Pick<JoinRequest, 'user_handicap' | 'user_skill_level'>): string {
  const parts: string[] = [];
  if (showsHandicap(request.user_handicap)) parts.push(`Handicap ${formatHandicap(request.user_handicap)}`);
  if (request.user_skill_level) parts.push(capitalise(request.user_skill_level));
  return parts.join(' · ');
}

/**
 * Why approving or rejecting failed: the server's reason when it gave one (the game is full, the
 * request was decided already), after the spec's 'Failed to approve join request'.
 */
export function decisionFailure(decision: 'approve' | 'reject', error: unknown): string {
  const failed = `Failed to ${decision} join request`;
  const reason = error instanceof ApiError ? error.message : '';
  return reason ? `${failed}: ${reason}` : failed;
}
