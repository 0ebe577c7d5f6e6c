import type { AvailabilitySlot, AvailabilitySlotStatus } from '@linksmate/proto';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { scopeCondition } from '../../db/admin-scope';
import { availabilitySlots } from '../../db/schema';
import type { AvailabilitySlotRow, Db, NewAvailabilitySlot } from '../../db/types';
import type { AdminScope } from '../../lib/admin-scope';
import type { TimeRange } from '../../lib/list-filters';

export function toSlot(row: AvailabilitySlotRow): AvailabilitySlot {
  return {
    id: row.id,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    slot_type: row.slotType,
    price: row.price,
    currency: row.currency,
    capacity: row.capacity,
    booked_count: row.bookedCount,
    status: row.status,
    notes_for_admin: row.notesForAdmin,
    created_by_user_id: row.createdByUserId,
    coach_profile_id: row.coachProfileId,
    venue_id: row.venueId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A slot within an admin scope: at one of its venues, or of its coach. */
const inScope = (scope: AdminScope) =>
  scopeCondition(scope, { venue: availabilitySlots.venueId, coach: availabilitySlots.coachProfileId });

export interface SlotFilters {
  /** The caller's part of the admin area. */
  scope: AdminScope;
  status?: AvailabilitySlotStatus;
  range: TimeRange;
}

function where(filters: SlotFilters): SQL | undefined {
  const parts: SQL[] = [inScope(filters.scope)];
  if (filters.status) parts.push(eq(availabilitySlots.status, filters.status));
  if (filters.range.from) parts.push(gte(availabilitySlots.startTime, filters.range.from));
  if (filters.range.before) parts.push(lt(availabilitySlots.startTime, filters.range.before));
  return and(...parts);
}

/** Slots newest start first; in start order when a date range is given. */
export async function listSlots(
  db: Db,
  filters: SlotFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: AvailabilitySlotRow[]; total: number }> {
  const order = filters.range.given
    ? [asc(availabilitySlots.startTime), asc(availabilitySlots.id)]
    : [desc(availabilitySlots.startTime), desc(availabilitySlots.id)];
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(availabilitySlots)
      .where(where(filters))
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(availabilitySlots).where(where(filters)),
  ]);
  return { rows, total: Number(counted[0]?.n ?? 0) };
}

/** A slot within the admin's scope (locked when asked); undefined otherwise. */
export async function findSlot(
  db: Db,
  id: number,
  scope: AdminScope,
  lock = false,
): Promise<AvailabilitySlotRow | undefined> {
  const query = db
    .select()
    .from(availabilitySlots)
    .where(and(eq(availabilitySlots.id, id), inScope(scope)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function insertSlots(db: Db, rows: NewAvailabilitySlot[]): Promise<AvailabilitySlotRow[]> {
  return db.insert(availabilitySlots).values(rows).returning();
}

export async function updateSlot(
  db: Db,
  id: number,
  changes: Partial<NewAvailabilitySlot>,
  now: Date,
): Promise<AvailabilitySlotRow> {
  const [row] = await db
    .update(availabilitySlots)
    .set({ ...changes, updatedAt: now })
    .where(eq(availabilitySlots.id, id))
    .returning();
  return row!;
}

/** Whether a slot within the admin's scope was there to delete. */
export async function deleteSlot(db: Db, id: number, scope: AdminScope): Promise<boolean> {
  const deleted = await db
    .delete(availabilitySlots)
    .where(and(eq(availabilitySlots.id, id), inScope(scope)))
    .returning({ id: availabilitySlots.id });
  return deleted.length > 0;
}
