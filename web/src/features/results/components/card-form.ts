import type { ResultPlayer } from '@linksmate/proto';
import { cardErrors } from '@linksmate/proto/rules/results';

/** A card as typed: one text per hole, empty for a hole with no score. */
export type TypedCard = string[];

/** The card as the server takes it: a blank hole is no score (null); anything else is sent as typed. */
export const strokesOf = (typed: TypedCard): Array<number | null> =>
  typed.map((text) => (text.trim() === '' ? null : Number(text.trim())));

export const typedOf = (strokes: ReadonlyArray<number | null> | null, holes: number): TypedCard =>
  strokes
    ? strokes.map((value) => (value === null ? '' : String(value)))
    : Array.from({ length: holes }, () => '');

/** The same check the service makes (`strokes.3`: 1 to 20 whole strokes), before anything is sent. */
export const typedCardErrors = (typed: TypedCard, holes: number) => cardErrors(strokesOf(typed), holes);

export const playerName = (player: Pick<ResultPlayer, 'first_name' | 'last_name' | 'username'>) =>
  [player.first_name, player.last_name].filter(Boolean).join(' ') || player.username;
