/**
 * Where the venue map's tiles come from. Every visitor's browser asks the tile server directly, so
 * it learns their address and the venues they look at: production builds name a self-hosted or
 * contracted source (README, "The venue map's tiles"). Unset, OpenStreetMap's public server, which
 * suits development and small use under its tile policy only.
 */
export interface TileSource {
  /** A Leaflet URL template: {z}/{x}/{y}, optionally {s} and {r}. */
  url: string;
  /** The attribution the source's licence asks for (HTML, shown in the map's corner). */
  attribution: string;
  maxZoom: number;
}

export const OPENSTREETMAP_TILES: TileSource = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  maxZoom: 19,
};

/** The source a build names (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION, VITE_MAP_TILE_MAX_ZOOM), else OpenStreetMap's. */
export function tileSource(env: Record<string, string | undefined>): TileSource {
  const url = env.VITE_MAP_TILE_URL?.trim();
  if (!url) return OPENSTREETMAP_TILES;
  if (!/^(https:\/\/|\/)/.test(url) || !/\{z\}/.test(url) || !/\{x\}/.test(url) || !/\{y\}/.test(url))
    throw new Error(`VITE_MAP_TILE_URL must be https:// or a path, with {z}, {x} and {y}: ${url}`);
  const maxZoom = Number(env.VITE_MAP_TILE_MAX_ZOOM ?? 19);
  return {
    url,
    // A source of OpenStreetMap's data owes it the same credit unless told otherwise.
    attribution: env.VITE_MAP_TILE_ATTRIBUTION?.trim() || OPENSTREETMAP_TILES.attribution,
    maxZoom: Number.isInteger(maxZoom) && maxZoom > 0 ? maxZoom : 19,
  };
}

export const MAP_TILES = tileSource(import.meta.env);
