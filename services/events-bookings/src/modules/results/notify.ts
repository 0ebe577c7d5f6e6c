import type { EventMeta } from '@linksmate/platform';
import { type EventData, ResultsPosted } from '@linksmate/proto';
import type { ModuleContext } from '../../context';
import type { Db } from '../../db/types';

/** What the results module tells other contexts, written to the outbox in the caller's transaction. */
export class ResultNotices {
  constructor(private readonly runtime: ModuleContext['runtime']) {}

  /** Scoring closed: messaging posts the top places into the event's chat and tells each player. */
  posted(tx: Db, data: EventData<typeof ResultsPosted>, meta: EventMeta): Promise<void> {
    return this.runtime.publish(tx, this.runtime.event(ResultsPosted, data, meta));
  }
}
