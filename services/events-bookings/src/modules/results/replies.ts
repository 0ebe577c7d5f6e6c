import type { RankedRow, ResultFormat, ResultPlayer, ResultsReply } from '@linksmate/proto';
import type { ScoreCardRow, ScoringRow } from '../../db/types';
import type { PlayerRow } from './repository';
import { playingHandicapOn, rankingsOf, scoreOf, teeOf } from './rules';
import type { Caller, PlayerIndex } from './service';

// The results' reply: each player's row (their card scored, or what it would be scored with) and the rankings.

/** Each player as the results show them to `caller`; `indexOf` gives the index a card not yet entered would use. */
export function playerRowsOf(
  caller: Caller,
  isOrganiser: boolean,
  players: PlayerRow[],
  scoring: ScoringRow | undefined,
  cards: ScoreCardRow[],
  indexOf: (player: PlayerRow) => PlayerIndex,
): Promise<ResultPlayer[]> {
  const open = scoring !== undefined && scoring.closedAt === null;
  const byPlayer = new Map(cards.map((card) => [card.userId, card]));
  return Promise.all(
    players.map(async (player): Promise<ResultPlayer> => {
      const card = byPlayer.get(player.userId);
      const mayEdit = open && player.confirmed && (isOrganiser || player.userId === caller.user_id);
      const who = {
        user_id: player.userId,
        username: player.username,
        first_name: player.firstName,
        last_name: player.lastName,
        profile_image_url: player.profileImageUrl,
        may_edit: mayEdit,
      };
      if (card && scoring) {
        const score = scoreOf(scoring, card);
        return {
          ...who,
          handicap_index: card.handicapIndex,
          index_source: card.indexSource,
          tee: card.tee,
          playing_handicap: card.playingHandicap,
          strokes: card.strokes,
          received: score.received,
          points: score.points,
          gross: score.gross,
          net: score.net,
          stableford: score.stableford,
          round_id: card.roundId,
        };
      }
      // No card yet: what it would be scored with if entered now.
      const { index, source } = indexOf(player);
      const tee = scoring ? teeOf(scoring, undefined) : undefined;
      return {
        ...who,
        handicap_index: index,
        index_source: source,
        tee: tee?.gender ?? null,
        playing_handicap: tee ? playingHandicapOn(tee, index) : null,
        strokes: null,
        received: null,
        points: null,
        gross: null,
        net: null,
        stableford: null,
        round_id: null,
      };
    }),
  );
}

export function rankingsReply(scoring: ScoringRow, cards: ScoreCardRow[]): ResultsReply['rankings'] {
  const ranked = rankingsOf(scoring, cards);
  const rows = (format: ResultFormat): RankedRow[] =>
    ranked[format].map((row) => ({
      user_id: row.userId,
      position: row.position,
      total: row.total,
      countback: row.countback,
    }));
  return { stableford: rows('stableford'), gross: rows('gross'), net: rows('net') };
}
