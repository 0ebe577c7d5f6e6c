import type { Course, CourseBody } from '@linksmate/proto';
import {
  blankHoles,
  type CourseHoleCount,
  courseErrors,
  type TeeGender,
} from '@linksmate/proto/rules/courses';

/** A number box's value: a number, or '' while it is blank. */
type Typed = number | '';

export interface HoleValues {
  number: number;
  par: Typed;
  stroke_index: Typed;
}
export interface TeeValues {
  /** Stable across renders (a tee's id once saved). */
  key: string;
  id?: number;
  name: string;
  gender: TeeGender;
  course_rating: Typed;
  slope_rating: Typed;
  holes: HoleValues[];
}
export interface CourseValues {
  name: string;
  holes: CourseHoleCount;
  tees: TeeValues[];
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

const typed = (value: Typed): number | null => (value === '' ? null : value);

/** A tee's par is its holes' pars added up (docs/product.md#courses); blank holes add nothing. */
export const teePar = (tee: Pick<TeeValues, 'holes'>): number =>
  tee.holes.reduce((sum, hole) => sum + (hole.par === '' ? 0 : hole.par), 0);

/** What the form sends: the course whole, each tee's par from its holes. */
export function courseBody(values: CourseValues): CourseBody {
  return {
    name: values.name,
    holes: values.holes,
    tees: values.tees.map((tee) => ({
      ...(tee.id === undefined ? {} : { id: tee.id }),
      name: tee.name,
      gender: tee.gender,
      par: teePar(tee),
      course_rating: typed(tee.course_rating),
      slope_rating: typed(tee.slope_rating),
      holes: tee.holes.map((hole) => ({
        number: hole.number,
        par: typed(hole.par),
        stroke_index: typed(hole.stroke_index),
      })),
    })),
  };
}

/** The rules' messages at the form's own paths (they are the same paths). */
export const validateCourse = (values: CourseValues) => courseErrors(courseBody(values));

/** A new course: 18 holes and one men's tee to fill in. */
export const newCourseValues = (): CourseValues => ({
  name: '',
  holes: 18,
  tees: [newTee(18)],
});

/** A saved course as the form edits it. */
export const courseValues = (course: Course): CourseValues => ({
  name: course.name,
  holes: course.holes,
  tees: course.tees.map((tee) => ({
    key: `tee-${tee.id}`,
    id: tee.id,
    name: tee.name,
    gender: tee.gender,
    course_rating: tee.course_rating,
    slope_rating: tee.slope_rating,
    holes: tee.holes.map((hole) => ({ ...hole })),
  })),
});

/**
 * A tee to add: the pars of the tee before it (a course's pars rarely change between tees), its
 * stroke indexes too as a start, else par 4s ranked in hole order.
 */
export function newTee(holes: CourseHoleCount, like?: TeeValues): TeeValues {
  return {
    key: newKey(),
    name: '',
    gender: like?.gender === 'men' ? 'women' : 'men',
    course_rating: '',
    slope_rating: '',
    holes: like ? like.holes.map((hole) => ({ ...hole })) : blankHoles(holes),
  };
}

/** Each tee's holes made `count` long: holes kept, new ones blank, the rest dropped. */
export const resizedTees = (tees: TeeValues[], count: CourseHoleCount): TeeValues[] =>
  tees.map((tee) => ({
    ...tee,
    holes: Array.from(
      { length: count },
      (_, i) => tee.holes[i] ?? { number: i + 1, par: '' as const, stroke_index: '' as const },
    ),
  }));
