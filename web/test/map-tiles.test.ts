import { describe, expect, it } from 'vitest';
import { OPENSTREETMAP_TILES, tileSource } from '../src/lib/map-tiles';

describe('the venue map\'s tile source (README, "The venue map\'s tiles")', () => {
  it('when a build names no source, then the map uses OpenStreetMap with its attribution', () => {
    expect(tileSource({})).toEqual(OPENSTREETMAP_TILES);
    expect(tileSource({ VITE_MAP_TILE_URL: '  ' })).toEqual(OPENSTREETMAP_TILES);
  });

  it('when a build names a self-hosted source, then its address, attribution and zoom are used', () => {
    expect(
      tileSource({
        VITE_MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png',
        VITE_MAP_TILE_ATTRIBUTION: '&copy; OpenStreetMap contributors, tiles by LinksMate',
        VITE_MAP_TILE_MAX_ZOOM: '17',
      }),
    ).toEqual({
      url: '/tiles/{z}/{x}/{y}.png',
      attribution: '&copy; OpenStreetMap contributors, tiles by LinksMate',
      maxZoom: 17,
    });
  });

  it("when a source gives no attribution, then OpenStreetMap's credit stays", () => {
    expect(tileSource({ VITE_MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' }).attribution).toBe(
      OPENSTREETMAP_TILES.attribution,
    );
  });

  it('when the address is plain http or lacks a coordinate, then the build fails saying why', () => {
    expect(() => tileSource({ VITE_MAP_TILE_URL: 'http://tiles.example.com/{z}/{x}/{y}.png' })).toThrow(
      /VITE_MAP_TILE_URL/,
    );
    expect(() => tileSource({ VITE_MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}.png' })).toThrow(
      /\{z\}, \{x\} and \{y\}/,
    );
  });
});
