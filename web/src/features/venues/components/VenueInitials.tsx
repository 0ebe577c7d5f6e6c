import { Center, Text } from '@mantine/core';
import { colourForName, venueInitials } from '../venue-text';

/** A venue without a picture (or whose picture failed): its initials on a colour of its own. */
export function VenueInitials({ name, fz = 44 }: { name: string; fz?: number }) {
  return (
    <Center
      h="100%"
      w="100%"
      bg={colourForName(name)}
      data-testid="venue-initials"
      // The name is written beside it; the letters add nothing for a screen reader.
      aria-hidden
    >
      <Text c="white" fw={800} fz={fz} lh={1} style={{ letterSpacing: '0.04em' }}>
        {venueInitials(name)}
      </Text>
    </Center>
  );
}
