import { RoundConfirmationRequested } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db } from '../../db/types';

export interface ConfirmationRequest {
  copyId: number;
  partnerUserId: number;
  recorderUserId: number;
  recorderName: string;
  venueName: string;
  courseName: string;
  playedOn: string;
  hasCard: boolean;
}

/** What the rounds module tells others (a partner's round to confirm), in the caller's transaction. */
export class RoundNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  confirmationRequested(tx: Db, request: ConfirmationRequest, now: Date): Promise<void> {
    return this.runtime.publish(
      tx,
      this.runtime.event(RoundConfirmationRequested, {
        round_id: request.copyId,
        user_id: request.partnerUserId,
        recorder_user_id: request.recorderUserId,
        recorder_name: request.recorderName,
        venue_name: request.venueName,
        course_name: request.courseName,
        played_on: request.playedOn,
        has_card: request.hasCard,
        occurred_at: now.toISOString(),
      }),
    );
  }
}
