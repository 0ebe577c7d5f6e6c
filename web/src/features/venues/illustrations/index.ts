import type { STOCK_IMAGE_VENUE_TYPES } from '@linksmate/proto/rules';
import clubhouse from './clubhouse.svg';
import drivingRange from './driving_range.svg';
import golfCourse from './golf_course.svg';
import indoorFacility from './indoor_facility.svg';
import miniGolf from './mini_golf.svg';
import pitchAndPutt from './pitch_and_putt.svg';
import practiceChipping from './practice_chipping.svg';
import practiceGreen from './practice_green.svg';
import practiceNets from './practice_nets.svg';
import puttingGreen from './putting_green.svg';

type StockType = (typeof STOCK_IMAGE_VENUE_TYPES)[number];

export interface Illustration {
  src: string;
  /** What it pictures, said beside it so nobody takes it for the venue itself. */
  subject: string;
}

const ILLUSTRATIONS: Record<StockType, Illustration> = {
  golf_course: { src: golfCourse, subject: 'a golf course' },
  driving_range: { src: drivingRange, subject: 'a driving range' },
  indoor_facility: { src: indoorFacility, subject: 'an indoor golf simulator' },
  pitch_and_putt: { src: pitchAndPutt, subject: 'a pitch and putt hole' },
  mini_golf: { src: miniGolf, subject: 'a mini golf hole' },
  practice_nets: { src: practiceNets, subject: 'practice nets' },
  practice_chipping: { src: practiceChipping, subject: 'a chipping area' },
  practice_green: { src: practiceGreen, subject: 'a practice green' },
  putting_green: { src: puttingGreen, subject: 'a putting green' },
  clubhouse: { src: clubhouse, subject: 'a clubhouse' },
};

/** What a venue of each type has besides its own picture: a course has a clubhouse and a putting green. */
const ALSO: Partial<Record<StockType, StockType[]>> = {
  golf_course: ['clubhouse', 'putting_green'],
  pitch_and_putt: ['putting_green'],
};

/**
 * Spec 2 "Venue detail": stock pictures by venue type for a venue without photos. There are no stock
 * photos to ship, so these are drawings, one per type, in the venue's types' order.
 */
export function illustrationsFor(venueTypes: readonly string[]): Illustration[] {
  const known = venueTypes.filter((type): type is StockType => type in ILLUSTRATIONS);
  const types = [...known, ...known.flatMap((type) => ALSO[type] ?? [])];
  const unique = [...new Set(types.length > 0 ? types : (['golf_course'] as StockType[]))];
  return unique.map((type) => ILLUSTRATIONS[type]);
}
