import { badRequest, type Clock, type EventMeta, HttpError, unprocessable } from '@linksmate/platform';
import {
  GRANT_DURATION,
  GRANT_MESSAGES,
  type GrantedMembership,
  type GrantMembershipBody,
  MEMBERSHIP_TYPES,
  type MembershipType,
} from '@linksmate/proto';
import type { Db } from '../../db/types';
import { type MembershipService, toSnapshot } from '../memberships/service';

export type GrantInput = GrantMembershipBody;

const DEFAULT_DURATION: Record<MembershipType, string> = {
  monthly: '1_months',
  annual: '1_years',
  lifetime: 'lifetime',
  premium: '1_months',
  basic: '1_months',
};

/** When a granted membership ends, by docs/product.md#admin-validation's rules; null means never. */
export function grantEndsAt(input: Omit<GrantInput, 'user_id'>, now: Date): Date | null {
  const type = input.membership_type as MembershipType;
  if (type === 'lifetime' || input.duration === 'lifetime') return null;
  // docs/product.md#admin-validation: an annual grant ends on its expiry date, or a year from now when none is given.
  if (type === 'annual' && !input.expiry_date) return addDuration(now, 1, 'years');
  if (type === 'annual' && input.expiry_date) {
    const end = new Date(`${input.expiry_date}T23:59:59.999Z`);
    const today = new Date(now.toISOString().slice(0, 10));
    if (Number.isNaN(end.getTime()) || end < today)
      throw unprocessable(GRANT_MESSAGES.expiryPast, { expiry_date: GRANT_MESSAGES.expiryPast });
    return end;
  }
  const duration = input.duration ?? DEFAULT_DURATION[type];
  const match = /^(\d+)_(days|weeks|months|years)$/.exec(duration);
  const amount = Number(match?.[1]);
  if (!match || amount < GRANT_DURATION.min || amount > GRANT_DURATION.max) {
    // A number out of the range is named as the dialog names it; a malformed text is just invalid.
    throw unprocessable(GRANT_MESSAGES.durationInvalid, {
      duration: match ? GRANT_MESSAGES.durationRange : 'Invalid duration',
    });
  }
  return addDuration(now, amount, match[2] as DurationUnit);
}

type DurationUnit = 'days' | 'weeks' | 'months' | 'years';

function addDuration(from: Date, amount: number, unit: DurationUnit): Date {
  const end = new Date(from);
  if (unit === 'days') end.setUTCDate(end.getUTCDate() + amount);
  else if (unit === 'weeks') end.setUTCDate(end.getUTCDate() + 7 * amount);
  else if (unit === 'months') end.setUTCMonth(end.getUTCMonth() + amount);
  else end.setUTCFullYear(end.getUTCFullYear() + amount);
  return end;
}

/** Memberships granted by an administrator (through the admin service). */
export class GrantService {
  constructor(
    private readonly db: Db,
    private readonly memberships: MembershipService,
    private readonly clock: Clock,
  ) {}

  /**
   * Grants the same membership to each user, all or nothing. A grant replaces a paid membership,
   * so the user's running subscriptions are cancelled at the provider first: nobody keeps being
   * charged for what they were given, and no renewal can overwrite the grant.
   */
  async grant(
    userIds: number[],
    input: Omit<GrantInput, 'user_id'>,
    meta: EventMeta,
  ): Promise<GrantedMembership[]> {
    if (!(MEMBERSHIP_TYPES as readonly string[]).includes(input.membership_type)) {
      throw badRequest('Unknown membership type.', 'unknown_membership_type', {
        membership_type: GRANT_MESSAGES.typeUnknown,
      });
    }
    const endsAt = grantEndsAt(input, this.clock());
    const users = [...new Set(userIds)];
    for (const userId of users) {
      await this.memberships.endOtherSubscriptions(userId).catch((err) => {
        throw new HttpError(
          502,
          `The payment provider could not stop the current subscription: ${(err as Error).message}`,
          'provider_unavailable',
        );
      });
    }
    return this.db.transaction(async (tx) => {
      const granted = [];
      for (const userId of users) {
        await this.memberships.lockUser(tx, userId);
        const saved = await this.memberships.change(
          tx,
          userId,
          {
            type: input.membership_type,
            status: 'active',
            planId: input.membership_type,
            trialEndsAt: null,
            currentPeriodEndsAt: endsAt,
            endsAt,
            cancelAtPeriodEnd: false,
            source: 'grant',
            providerSubscriptionId: null,
            providerCustomerId: null,
          },
          meta,
        );
        granted.push({ user_id: userId, membership: toSnapshot(saved) });
      }
      return granted;
    });
  }
}
