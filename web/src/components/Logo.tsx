import { Group, Text } from '@mantine/core';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="var(--mantine-color-fairway-7)" />
      <path d="M26 14v36" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      <path d="M26 14l16 6-16 6z" fill="var(--mantine-color-sand-4)" />
      <ellipse cx="32" cy="50" rx="14" ry="3" fill="var(--mantine-color-fairway-9)" />
    </svg>
  );
}

export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark />
      <Text fw={800} fz="xl" c={inverted ? 'white' : 'fairway.8'} style={{ letterSpacing: '-0.02em' }}>
        LinksMate
      </Text>
    </Group>
  );
}
