import { formatCents } from '@linksmate/proto/rules';
import type { Plan } from '../api/get-plans';

export const money = (cents: number, currency = 'AUD') => formatCents(cents, currency);

export function intervalLabel(plan: Plan): string {
  if (plan.interval === 'lifetime') return 'one-time';
  return plan.interval === 'year' ? 'per year' : 'per month';
}

export function submitLabel(plan: Plan): string {
  if (plan.interval === 'lifetime') return 'Complete Purchase';
  return plan.trial_days > 0 ? `Start ${plan.trial_days}-Day Free Trial` : 'Subscribe Now';
}
