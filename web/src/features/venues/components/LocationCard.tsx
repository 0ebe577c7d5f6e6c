import { Box, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconExternalLink, IconMapPin } from '@tabler/icons-react';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import { directionsUrl, formatCoordinates } from '../venue-text';

const VenueMap = lazy(() => import('./VenueMap'));

type MapState = 'loading' | 'ready' | 'unavailable';

/** A map chunk that cannot be fetched (offline after the page loaded) leaves the coordinates alone. */
class MapFailure extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

const MAP_HEIGHT = 240;

/**
 * Spec 2 "Venue detail": the Location card, for a venue with coordinates: the coordinates and 'Get
 * Directions'. Above them, a map while its tiles load and once they do; when they cannot be had the
 * map box goes and the card reads as the spec's coordinates card, without an empty grey box.
 */
export function LocationCard({ lat, lng, venueName }: { lat: number; lng: number; venueName: string }) {
  const [map, setMap] = useState<MapState>('loading');
  const unavailable = () => setMap('unavailable');
  return (
    <Card shadow="xs" data-testid="location-card" data-map={map}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Location
        </Title>
        {map !== 'unavailable' && (
          <Box
            pos="relative"
            h={MAP_HEIGHT}
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          >
            <MapFailure onError={unavailable}>
              <Suspense fallback={null}>
                <VenueMap
                  lat={lat}
                  lng={lng}
                  venueName={venueName}
                  onReady={() => setMap('ready')}
                  onUnavailable={unavailable}
                />
              </Suspense>
            </MapFailure>
            {map === 'loading' && (
              // Over the map until its first tile is drawn, so a map that never draws is never seen grey.
              <Skeleton
                pos="absolute"
                inset={0}
                radius="md"
                style={{ zIndex: 500 }}
                role="status"
                aria-label="Loading map"
              />
            )}
          </Box>
        )}
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <div>
            <Text size="sm" fw={600}>
              Coordinates
            </Text>
            <Text size="sm" c="dimmed" data-testid="coordinates">
              {formatCoordinates(lat, lng)}
            </Text>
          </div>
        </Group>
        <Button
          component="a"
          href={directionsUrl(lat, lng)}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          fullWidth
        >
          Get Directions
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Button>
      </Stack>
    </Card>
  );
}
