import { membershipStatusColour } from '@linksmate/proto/rules';
import { Badge } from '@mantine/core';

/** Shades dark enough for white text at WCAG AA; yellow carries dark text instead. */
const SHADES = {
  green: { color: 'fairway.8', text: 'white' },
  blue: { color: 'blue.9', text: 'white' },
  yellow: { color: 'yellow.4', text: 'dark.8' },
  red: { color: 'red.9', text: 'white' },
  grey: { color: 'gray.2', text: 'dark.6' },
} as const;

/** docs/product.md#account-states: active green, trialing blue, past_due yellow, canceled or unpaid red, other grey; none shows 'none'. */
export function MembershipStatusBadge({ status }: { status: string | null | undefined }) {
  const shade = SHADES[membershipStatusColour(status)];
  return (
    <Badge color={shade.color} c={shade.text} variant="filled" data-status={status ?? 'none'}>
      {status ?? 'none'}
    </Badge>
  );
}
