import { membershipStatusColour } from '@linksmate/proto';
import { Badge } from '@mantine/core';

const MANTINE_COLOUR = { green: 'green', blue: 'blue', yellow: 'yellow', red: 'red', grey: 'gray' } as const;

/** Spec 1 §4: active green, trialing blue, past_due yellow, canceled or unpaid red, other grey; none shows 'none'. */
export function MembershipStatusBadge({ status }: { status: string | null | undefined }) {
  const colour = MANTINE_COLOUR[membershipStatusColour(status)];
  return (
    <Badge
      color={colour}
      variant={status ? 'filled' : 'light'}
      data-status={status ?? 'none'}
      c={colour === 'yellow' ? 'dark.8' : undefined}
    >
      {status ?? 'none'}
    </Badge>
  );
}
