import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Plan {
  id: 'monthly' | 'annual' | 'lifetime';
  name: string;
  price: number;
  originalPrice: number | null;
  currency: string;
  interval: 'month' | 'year' | 'lifetime';
  description: string;
  badge: string | null;
  badgeColor: string | null;
  features: string[];
  popular: boolean;
  featured: boolean;
  provider_price_id: string | null;
  trial_days: number;
  gstExclusive: boolean;
  gstAmount: number;
  totalPrice: number;
}

export const getPlans = () =>
  api.get<{ plans: Plan[] }>('/payments/plans', { auth: false }).then((r) => r.plans);

export const plansQuery = () =>
  queryOptions({ queryKey: ['payments', 'plans'], queryFn: getPlans, staleTime: 5 * 60_000 });

export function usePlans() {
  return useQuery(plansQuery());
}
