import { COACH_SPECIALTY_LABELS, LOCALE } from '@linksmate/proto/rules';
import type { Coach } from '../api/get-coaches';

/** The coach's full name; a coach always has one, but a record without it still reads as a coach. */
export function coachName(coach: Pick<Coach, 'first_name' | 'last_name'>): string {
  return [coach.first_name, coach.last_name].filter(Boolean).join(' ').trim() || 'Coach';
}

/** A specialty as stored ('short_game', 'Short Game', 'short game'), in the filter's underscore form. */
export const specialtyKey = (specialty: string) =>
  specialty
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** How a specialty reads on a chip: the spec's label when it is one of its own, else spaced and capitalised. */
export function specialtyLabel(specialty: string): string {
  const key = specialtyKey(specialty);
  if (key in COACH_SPECIALTY_LABELS)
    return COACH_SPECIALTY_LABELS[key as keyof typeof COACH_SPECIALTY_LABELS];
  return key
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * '$rate/hour' (spec 2): the rate is cents, shown in dollars, without '.00' for whole dollars.
 * Null when the coach has not set one.
 */
export function hourlyRate(cents: number | null): string | null {
  if (cents === null) return null;
  const whole = cents % 100 === 0;
  const dollars = new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'AUD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
  return `${dollars}/hour`;
}

/** '12 years experience'; null when not given. */
export function experience(years: number | null): string | null {
  if (years === null) return null;
  if (years === 0) return 'New to coaching';
  return `${years} ${years === 1 ? 'year' : 'years'} experience`;
}

/** Spec 2: the search matches name, bio and specialties, ignoring case (labels too: 'short game'). */
export function matchesSearch(coach: Coach, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    coachName(coach),
    coach.bio ?? '',
    ...coach.specialties,
    ...coach.specialties.map(specialtyLabel),
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/** Spec 2: the specialty filter matches the specialty's name or its underscore form. */
export function matchesSpecialty(coach: Coach, specialty: string): boolean {
  if (!specialty) return true;
  return coach.specialties.some(
    (own) => own.toLowerCase() === specialty.toLowerCase() || specialtyKey(own) === specialty,
  );
}
