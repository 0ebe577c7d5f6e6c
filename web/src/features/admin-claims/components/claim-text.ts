import type { AdminProfileClaim } from '@linksmate/proto';

/** A light badge's tint and its text (the tint's darkest shade reads at AA on the pale background). */
export const STATUS_COLOURS: Record<AdminProfileClaim['status'], { color: string; c: string }> = {
  pending: { color: 'sand', c: 'sand.9' },
  approved: { color: 'fairway', c: 'fairway.9' },
  rejected: { color: 'red', c: 'red.9' },
};

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The requester's name; a claim without a user was made by an admin's invitation (docs/product.md#admin-entities). */
export const requesterName = (claim: AdminProfileClaim) =>
  [claim.first_name, claim.last_name].filter(Boolean).join(' ') ||
  (claim.user_id === null ? 'Invited by an admin' : `User #${claim.user_id}`);

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
