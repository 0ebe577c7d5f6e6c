import { auditEntries } from '../../db/schema';
import type { Db, NewAuditEntry } from '../../db/types';

export async function recordAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db.insert(auditEntries).values(entry);
}
