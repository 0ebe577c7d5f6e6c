import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';
import { MAP_TILES } from '../../../lib/map-tiles';

/** If no tile has arrived by then, the map counts as unavailable (a network that drops requests). */
const TILE_WAIT_MS = 8_000;
const ZOOM = 14;

// A pin drawn inline: Leaflet's default marker is a PNG its stylesheet finds by a relative path
// that bundlers break, and the app's green suits the page better.
const pin = divIcon({
  className: '',
  iconSize: [32, 42],
  iconAnchor: [16, 42],
  html: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 42" width="32" height="42" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z" fill="#1f7a4d" stroke="#fff" stroke-width="2"/><circle cx="16" cy="15.5" r="5.5" fill="#fff"/></svg>`,
});

/** Leaflet's container takes the keyboard focus; it is named for what it shows. */
function MapName({ name }: { name: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', name);
  }, [map, name]);
  return null;
}

export interface VenueMapProps {
  lat: number;
  lng: number;
  venueName: string;
  /** The first tile has been drawn: the map is worth showing. */
  onReady: () => void;
  /** Tiles cannot be had (offline, blocked, refused): the page shows the coordinates alone. */
  onUnavailable: () => void;
}

/**
 * Beyond the product's "map coming soon": the venue on a map (Leaflet) from the build's tile source
 * (lib/map-tiles.ts; OpenStreetMap's unless named), with the tiles' attribution. It is its own chunk, fetched only by a venue with coordinates. Whether it can be
 * shown is known only once tiles arrive or fail, so it reports either, and the page decides.
 */
export default function VenueMap({ lat, lng, venueName, onReady, onUnavailable }: VenueMapProps) {
  const state = useRef<'waiting' | 'ready' | 'failed'>('waiting');

  const ready = () => {
    if (state.current !== 'waiting') return;
    state.current = 'ready';
    onReady();
  };
  const failed = () => {
    // One missing tile among drawn ones leaves a small gap; only a map that never drew is given up.
    if (state.current !== 'waiting') return;
    state.current = 'failed';
    onUnavailable();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the wait starts once per map; `failed` reports once anyway.
  useEffect(() => {
    if (navigator.onLine === false) failed();
    const timer = setTimeout(failed, TILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <MapContainer
      center={[lat, lng]}
      zoom={ZOOM}
      // The page scrolls past the map; zooming is the buttons', a pinch's or a double click's.
      scrollWheelZoom={false}
      style={{ height: '100%', width: '100%' }}
    >
      <TileLayer
        url={MAP_TILES.url}
        attribution={MAP_TILES.attribution}
        maxZoom={MAP_TILES.maxZoom}
        // OpenStreetMap's tile policy wants a referrer (and a contracted source may key on it); the
        // app's own policy sends none by default.
        referrerPolicy="strict-origin-when-cross-origin"
        eventHandlers={{ tileload: ready, tileerror: failed }}
      />
      <MapName name={`Map of ${venueName}`} />
      <Marker position={[lat, lng]} icon={pin} alt={venueName} title={venueName} keyboard={false} />
    </MapContainer>
  );
}
