import { badRequest, type Clock, type EventMeta, unprocessable } from '@linksmate/platform';
import { GRANT_DURATION, MEMBERSHIP_TYPES, type MembershipType } from '@linksmate/proto';
import type { Db } from '../memberships/repository';
import { type MembershipService, toSnapshot } from '../memberships/service';

export interface GrantInput {
  user_id: number;
  membership_type: string;
  /** `N_unit` (days, weeks, months, years) with N from 1 to 12, or `lifetime`. */
  duration?: string;
  /** Annual grants only: the day it ends (default: a year from now). */
  expiry_date?: string;
}

const DEFAULT_DURATION: Record<MembershipType, string> = {
  monthly: '1_months',
  annual: '1_years',
  lifetime: 'lifetime',
  premium: '1_months',
  basic: '1_months',
};

/** When a granted membership ends, by spec 3 §5's rules; null means never. */
export function grantEndsAt(input: GrantInput, now: Date): Date | null {
  const type = input.membership_type as MembershipType;
  if (type === 'lifetime' || input.duration === 'lifetime') return null;
  if (type === 'annual' && input.expiry_date) {
    const end = new Date(`${input.expiry_date}T23:59:59.999Z`);
    const today = new Date(now.toISOString().slice(0, 10));
    if (Number.isNaN(end.getTime()) || end < today)
      throw unprocessable('The expiry date cannot be before today.', {
        expiry_date: 'The expiry date cannot be before today.',
      });
    return end;
  }
  const duration = input.duration ?? DEFAULT_DURATION[type];
  const match = /^(\d+)_(days|weeks|months|years)$/.exec(duration);
  const amount = Number(match?.[1]);
  if (!match || amount < GRANT_DURATION.min || amount > GRANT_DURATION.max) {
    throw unprocessable('Duration must be 1 to 12 days, weeks, months or years, or lifetime.', {
      duration: 'Invalid duration',
    });
  }
  const end = new Date(now);
  const unit = match[2];
  if (unit === 'days') end.setUTCDate(end.getUTCDate() + amount);
  else if (unit === 'weeks') end.setUTCDate(end.getUTCDate() + 7 * amount);
  else if (unit === 'months') end.setUTCMonth(end.getUTCMonth() + amount);
  else end.setUTCFullYear(end.getUTCFullYear() + amount);
  return end;
}

/** Memberships granted by an administrator (through the admin service). */
export class GrantService {
  constructor(
    private readonly memberships: MembershipService,
    private readonly clock: Clock,
  ) {}

  async grant(tx: Db, input: GrantInput, meta: EventMeta) {
    if (!(MEMBERSHIP_TYPES as readonly string[]).includes(input.membership_type)) {
      throw badRequest('Unknown membership type.', 'unknown_membership_type', {
        membership_type: 'Unknown membership type',
      });
    }
    const endsAt = grantEndsAt(input, this.clock());
    const saved = await this.memberships.change(
      tx,
      input.user_id,
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
    return { user_id: input.user_id, membership: toSnapshot(saved) };
  }
}
