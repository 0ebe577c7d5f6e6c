import type { Scenery } from '../demo-media';
import type { DemoVenue } from './kinds';
import { NSW_VENUES } from './new-south-wales';
import { QLD_SA_VENUES } from './queensland-south-australia';
import { VIC_VENUES } from './victoria';
import { WA_TAS_ACT_NT_VENUES } from './west-tasmania-territories';

export type { DemoVenue } from './kinds';

/** Every demo venue, state by state (the sources are described in kinds.ts). */
export const DEMO_VENUES: readonly DemoVenue[] = [
  ...NSW_VENUES,
  ...VIC_VENUES,
  ...QLD_SA_VENUES,
  ...WA_TAS_ACT_NT_VENUES,
];

/**
 * Which demo venues show pictures: a featured image on these, none on the rest (their cards show
 * coloured initials), and a gallery of drawn scenes on some, one with a short video.
 */
export const DEMO_VENUE_MEDIA: Readonly<
  Record<string, { scenery: Scenery; featured: boolean; gallery: number; video?: boolean }>
> = {
  'royal-melbourne-golf-club': { scenery: 'parkland', featured: true, gallery: 3, video: true },
  'kingston-heath-golf-club': { scenery: 'parkland', featured: true, gallery: 3 },
  'new-south-wales-golf-club': { scenery: 'links', featured: true, gallery: 3 },
  'barnbougle-dunes': { scenery: 'links', featured: true, gallery: 3 },
  'royal-adelaide-golf-club': { scenery: 'links', featured: true, gallery: 2 },
  'darwin-golf-club': { scenery: 'tropical', featured: true, gallery: 2 },
  'alice-springs-golf-club': { scenery: 'desert', featured: true, gallery: 2 },
  'the-australian-golf-club': { scenery: 'parkland', featured: true, gallery: 0 },
  'royal-queensland-golf-club': { scenery: 'tropical', featured: true, gallery: 0 },
  'royal-canberra-golf-club': { scenery: 'parkland', featured: true, gallery: 0 },
  'sanctuary-cove-golf-and-country-club': { scenery: 'tropical', featured: true, gallery: 0 },
  'royal-perth-golf-club': { scenery: 'parkland', featured: true, gallery: 0 },
  'cape-wickham-golf-links': { scenery: 'links', featured: true, gallery: 0 },
};
