import type { AdminProfileClaim } from '@linksmate/proto';

/** A light badge's tint and its text (the tint's darkest shade reads at AA on the pale background). */
export const STATUS_COLOURS: Record<AdminProfileClaim['status'], { color: string; c: string }> = {
  pending: { color: 'sand', c: 'sand.9' },
  approved: { color: 'fairway', c: 'fairway.9' },
  rejected: { color: 'red', c: 'red.9' },
};

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** A claim without a user was made by an admin's invitation. */
export const INVITED = 'Invited by an admin';

/**
 * The person asking (docs/product.md#admin-entities): the name their account gives itself, else the
 * e-mail they claimed with.
 */
export const requesterName = (claim: AdminProfileClaim) =>
  accountName(claim) || claim.user_email || (claim.user_id === null ? INVITED : `User #${claim.user_id}`);

/** The name the claimant's account gives itself, if they gave one. */
export const accountName = (claim: AdminProfileClaim) =>
  [claim.first_name, claim.last_name].filter(Boolean).join(' ') || null;

/** The e-mail under the requester's name, unless the name already is the e-mail. */
export const requesterEmail = (claim: AdminProfileClaim) =>
  claim.user_email && claim.user_email !== requesterName(claim) ? claim.user_email : null;

/** What is claimed: the coach's or venue's name, else 'Coach #12'. */
export const claimedName = (claim: AdminProfileClaim) => claim.entity_name ?? entityLabel(claim);

/** 'Coach #12' or 'Venue #7'. */
export const entityLabel = (claim: AdminProfileClaim) =>
  `${claim.entity_type === 'coach' ? 'Coach' : 'Venue'} #${claim.entity_id}`;

/** Only web addresses become links: a document named otherwise is shown as text. */
export const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};
