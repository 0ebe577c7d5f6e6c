import { HttpError } from '@linksmate/platform';
import type { Db } from '../../db/types';
import { recordAudit } from './repository';

/** The admin acting, as their token says. */
export interface Actor {
  user_id: number;
  role: string;
}

export interface AuditedAction {
  actor: Actor;
  action: string;
  targetUserId: number | null;
  details?: Record<string, unknown>;
  requestId?: string;
}

/**
 * The audit log (docs/architecture.md#who-owns-what): every admin action, done or refused, with who asked. A done
 * action's entry is written in the transaction that applies its result; a refused one's on its own.
 */
export class AuditLog {
  constructor(private readonly db: Db) {}

  done(tx: Db, entry: AuditedAction, details: Record<string, unknown> = {}): Promise<void> {
    return recordAudit(tx, this.row(entry, 'done', details));
  }

  async refused(entry: AuditedAction, err: unknown): Promise<void> {
    const error =
      err instanceof HttpError ? { status: err.statusCode, error: err.message } : { error: String(err) };
    await recordAudit(this.db, this.row(entry, 'refused', error));
  }

  private row(entry: AuditedAction, outcome: 'done' | 'refused', more: Record<string, unknown>) {
    return {
      actorUserId: entry.actor.user_id,
      actorRole: entry.actor.role,
      action: entry.action,
      targetUserId: entry.targetUserId,
      details: { ...entry.details, ...more },
      outcome,
      requestId: entry.requestId ?? null,
    };
  }
}
