import type { RoundSummary } from '@linksmate/proto';
import { ROUND_STATUS_LABELS } from '@linksmate/proto/rules/rounds';
import { StatusBadge } from '../../../components/StatusBadge';

const COLORS = {
  counting: 'green',
  awaiting_confirmation: 'yellow',
  to_confirm: 'blue',
  rejected: 'red',
} as const;

/** Where a round stands; a counting one says whether a partner attested it. */
export function RoundStatus({ round }: { round: Pick<RoundSummary, 'status' | 'attested'> }) {
  const label =
    round.status === 'counting'
      ? round.attested
        ? 'Counts · attested'
        : 'Counts · not attested'
      : ROUND_STATUS_LABELS[round.status];
  return <StatusBadge color={COLORS[round.status]}>{label}</StatusBadge>;
}
