import {
  type Clock,
  conflict,
  type EventMeta,
  HttpError,
  invalidFields,
  notFound,
  type ServiceRuntime,
  serviceUnavailable,
} from '@linksmate/platform';
import {
  type AccessTokenClaims,
  type AccountName,
  type AdminClaimReply,
  type AdminClaimsQuery,
  type AdminClaimsReply,
  type AdminProfileClaim,
  CLAIM_REVIEW_MESSAGES,
} from '@linksmate/proto';
import type { Logger } from 'pino';
import type * as schema from '../../db/schema';
import type { IdentityClient } from '../../lib/identity-client';
import type { CoachesService } from '../coaches/service';
import type { VenuesService } from '../venues/service';
import { ClaimNotices } from './notify';
import type { Db } from './repository';
import { type ClaimWithName, claimById, claimCounts, claimPage, decideClaim } from './repository';

/**
 * A claim as the admin table shows it (docs/product.md#admin-entities): the requester is the person
 * asking, by the names their account gives itself now (null: none given, or identity did not say)
 * and the e-mail they claimed with; what they claim is the entity and its name.
 */
function toAdminClaim(claim: ClaimWithName, requesters: Map<number, AccountName>): AdminProfileClaim {
  const account = claim.userId === null ? undefined : requesters.get(claim.userId);
  return {
    id: claim.id,
    user_id: claim.userId,
    first_name: account?.first_name ?? null,
    last_name: account?.last_name ?? null,
    user_email: claim.userId ? claim.contactEmail : null,
    entity_type: claim.entityType,
    entity_id: claim.entityId,
    entity_name: claim.entityName,
    contact_email: claim.contactEmail,
    contact_phone: claim.contactPhone,
    message: claim.message,
    verification_documents: claim.verificationDocuments,
    status: claim.status,
    admin_notes: claim.adminNotes,
    created_at: claim.createdAt.toISOString(),
    decided_at: claim.decidedAt?.toISOString() ?? null,
  };
}

export interface ClaimReviewDeps {
  runtime: ServiceRuntime<typeof schema>;
  identity: IdentityClient;
  venues: VenuesService;
  coaches: CoachesService;
  clock: Clock;
  logger: Logger;
}

/**
 * Reviewing profile claims (spec 3 "Profile claim requests", §4): an approval gives the profile to
 * the claimant's account (the coach profile's user, or a venue they now run) and the role that goes
 * with it (coach, facility_admin); either way the claimant is told by e-mail.
 */
export class ClaimReviewService {
  private readonly notices: ClaimNotices;

  constructor(private readonly deps: ClaimReviewDeps) {
    this.notices = new ClaimNotices(deps.runtime);
  }

  private get db(): Db {
    return this.deps.runtime.db;
  }

  async list(query: AdminClaimsQuery, requestId: string): Promise<AdminClaimsReply> {
    const [claims, counts] = await Promise.all([claimPage(this.db, query), claimCounts(this.db)]);
    const all = counts.pending + counts.approved + counts.rejected;
    const requesters = await this.requesters(claims, requestId);
    return {
      claims: claims.map((claim) => toAdminClaim(claim, requesters)),
      count: query.status ? counts[query.status] : all,
      counts: { ...counts, all },
    };
  }

  async get(id: number, requestId: string): Promise<AdminClaimReply> {
    const claim = await claimById(this.db, id);
    if (!claim) throw notFound(CLAIM_REVIEW_MESSAGES.notFound, 'claim_not_found');
    return { claim: toAdminClaim(claim, await this.requesters([claim], requestId)) };
  }

  /**
   * The claimants' own names, asked of identity as the admin reads (they change on the person's
   * profile). Without identity's answer the table still comes, naming each requester by e-mail.
   */
  private async requesters(claims: ClaimWithName[], requestId: string): Promise<Map<number, AccountName>> {
    const userIds = claims.flatMap((claim) => (claim.userId === null ? [] : [claim.userId]));
    try {
      return await this.deps.identity.accountNames(userIds, requestId);
    } catch (err) {
      this.deps.logger.warn({ err }, 'claim review: identity gave no names; requesters shown by e-mail');
      return new Map();
    }
  }

  async decide(
    admin: AccessTokenClaims,
    id: number,
    decision: { status: string; admin_notes?: string | null },
    meta: EventMeta & { correlationId: string },
  ): Promise<AdminClaimReply> {
    if (decision.status !== 'approved' && decision.status !== 'rejected')
      throw invalidFields({ status: CLAIM_REVIEW_MESSAGES.decisionRequired });
    const status = decision.status;
    const claim = await this.db.transaction(async (tx) => {
      const claim = await claimById(tx, id, true);
      if (!claim) throw notFound(CLAIM_REVIEW_MESSAGES.notFound, 'claim_not_found');
      if (claim.status !== 'pending') throw conflict(CLAIM_REVIEW_MESSAGES.alreadyDecided, 'claim_decided');
      if (status === 'approved') await this.handOver(tx, admin, claim, meta);
      const decided = await decideClaim(tx, id, {
        status,
        adminNotes: decision.admin_notes?.trim() || null,
        decidedByUserId: admin.user_id,
        now: this.deps.clock(),
      });
      const decidedClaim = { ...decided, entityName: claim.entityName };
      await this.notices.decided(tx, decidedClaim, meta);
      return decidedClaim;
    });
    return { claim: toAdminClaim(claim, await this.requesters([claim], meta.correlationId)) };
  }

  /**
   * The profile becomes the claimant's: linked in this transaction, the role asked of identity
   * while the claim's row is held. Should identity not answer, nothing is approved. Only the role
   * changes on the account: the person keeps the name they gave it (docs/product.md#admin-entities).
   */
  private async handOver(
    tx: Db,
    admin: AccessTokenClaims,
    claim: ClaimWithName,
    meta: EventMeta & { correlationId: string },
  ) {
    if (!claim.userId) return;
    if (claim.entityType === 'coach') {
      const coach = await this.deps.coaches.find(claim.entityId, tx);
      if (!coach) throw notFound('coach profile not found', 'profile_not_found');
      if (coach.coach.userId && coach.coach.userId !== claim.userId)
        throw conflict('This profile has already been claimed.', 'profile_claimed');
      await this.deps.coaches.linkAccount(tx, claim.entityId, claim.userId, meta);
    } else {
      if (!(await this.deps.venues.find(claim.entityId, tx)))
        throw notFound('venue profile not found', 'profile_not_found');
      await this.deps.venues.grantRunning(tx, claim.entityId, claim.userId, meta);
    }
    try {
      await this.deps.identity.grantRole(
        claim.userId,
        claim.entityType === 'coach' ? 'coach' : 'facility_admin',
        admin.user_id,
        meta.correlationId,
      );
    } catch (err) {
      if (err instanceof HttpError) throw err;
      this.deps.logger.error({ err }, 'claim review: identity did not give the role');
      throw serviceUnavailable(
        'The claim could not be approved right now. Please try again.',
        'identity_unavailable',
      );
    }
  }
}
