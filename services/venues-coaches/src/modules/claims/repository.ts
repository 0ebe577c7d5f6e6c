import type { Executor } from '@linksmate/platform';
import { and, desc, eq, sql } from 'drizzle-orm';
import type * as schema from '../../db/schema';
import { coaches, listedVenue, profileClaims, venueAdmins, venues } from '../../db/schema';

/** The venues database, or a transaction on it. */
export type Db = Executor<typeof schema>;
export type ProfileClaim = typeof profileClaims.$inferSelect;
export type NewProfileClaim = typeof profileClaims.$inferInsert;
export type ClaimableType = 'coach' | 'venue';

/** The partial unique index that lets a profile have one pending claim at a time. */
export const ONE_PENDING_CLAIM_KEY = 'profile_claims_one_pending_key';

/** A profile as a claim needs it: whether someone already holds it or waits for it. */
export interface ClaimableProfile {
  /** A coach linked to an account, or a profile with an approved claim. */
  claimed: boolean;
  /** A venue someone already runs (venue_admins not empty), claimed or made so by an admin. */
  managed?: boolean;
  pending: boolean;
}

/** Whether the profile has a claim in this state. */
const hasClaim = (entityType: ClaimableType, entityId: number, status: 'approved' | 'pending') =>
  sql<boolean>`exists (select 1 from ${profileClaims} where ${and(
    eq(profileClaims.entityType, entityType),
    eq(profileClaims.entityId, entityId),
    eq(profileClaims.status, status),
  )})`;

export async function findClaimableCoach(db: Db, id: number): Promise<ClaimableProfile | undefined> {
  const [row] = await db
    .select({
      userId: coaches.userId,
      approved: hasClaim('coach', id, 'approved'),
      pending: hasClaim('coach', id, 'pending'),
    })
    .from(coaches)
    .where(eq(coaches.id, id));
  if (!row) return undefined;
  return {
    claimed: row.userId !== null || row.approved,
    pending: row.pending,
  };
}

/** Only a venue the directory lists can be claimed; others are as good as absent. */
export async function findClaimableVenue(db: Db, id: number): Promise<ClaimableProfile | undefined> {
  const [row] = await db
    .select({
      approved: hasClaim('venue', id, 'approved'),
      pending: hasClaim('venue', id, 'pending'),
      managed: sql<boolean>`exists (select 1 from ${venueAdmins} where ${venueAdmins.venueId} = ${id})`,
    })
    .from(venues)
    .where(and(eq(venues.id, id), listedVenue(venues)));
  if (!row) return undefined;
  return {
    claimed: row.approved,
    managed: row.managed,
    pending: row.pending,
  };
}

/** Waits for a pending claim on the same profile being stored at this moment (the unique index). */
export async function insertClaim(db: Db, values: NewProfileClaim): Promise<ProfileClaim> {
  const [claim] = await db.insert(profileClaims).values(values).returning();
  return claim!;
}

export async function setClaimUser(db: Db, id: number, userId: number, now: Date): Promise<ProfileClaim> {
  const [claim] = await db
    .update(profileClaims)
    .set({ userId, updatedAt: now })
    .where(eq(profileClaims.id, id))
    .returning();
  return claim!;
}

// ── The admin area (spec 3) ─────────────────────────────────────────────────

export type ClaimWithName = ProfileClaim & { entityName: string | null };

/** The profile's name beside each claim: the coach's names or the venue's. */
const entityName = sql<string | null>`case ${profileClaims.entityType}
  when 'coach' then (select nullif(trim(coalesce(${coaches.firstName}, '') || ' ' || coalesce(${coaches.lastName}, '')), '') from ${coaches} where ${coaches.id} = ${profileClaims.entityId})
  else (select ${venues.name} from ${venues} where ${venues.id} = ${profileClaims.entityId}) end`;

export async function claimPage(
  db: Db,
  page: { limit: number; offset: number; status?: string },
): Promise<ClaimWithName[]> {
  const rows = await db
    .select({ claim: profileClaims, entityName })
    .from(profileClaims)
    .where(page.status ? eq(profileClaims.status, page.status as ProfileClaim['status']) : undefined)
    .orderBy(desc(profileClaims.createdAt), desc(profileClaims.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ ...r.claim, entityName: r.entityName }));
}

export async function claimCounts(db: Db): Promise<Record<'pending' | 'approved' | 'rejected', number>> {
  const rows = await db
    .select({ status: profileClaims.status, n: sql<number>`count(*)::int` })
    .from(profileClaims)
    .groupBy(profileClaims.status);
  const counts = { pending: 0, approved: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

export async function claimById(db: Db, id: number, lock = false): Promise<ClaimWithName | undefined> {
  const query = db
    .select({ claim: profileClaims, entityName })
    .from(profileClaims)
    .where(eq(profileClaims.id, id));
  const [row] = lock ? await query.for('update', { of: profileClaims }) : await query;
  return row ? { ...row.claim, entityName: row.entityName } : undefined;
}

export async function decideClaim(
  db: Db,
  id: number,
  decision: {
    status: 'approved' | 'rejected';
    adminNotes: string | null;
    decidedByUserId: number;
    now: Date;
  },
): Promise<ProfileClaim> {
  const [row] = await db
    .update(profileClaims)
    .set({
      status: decision.status,
      adminNotes: decision.adminNotes,
      decidedByUserId: decision.decidedByUserId,
      decidedAt: decision.now,
      updatedAt: decision.now,
    })
    .where(eq(profileClaims.id, id))
    .returning();
  return row!;
}
