import type { ImportRoundsBody, ImportRoundsReply, InternalTeeReply } from '@linksmate/proto';
import type { Db } from '../../db/types';
import { type RoundDraft, teeColumns } from './card';
import type { RoundNotices } from './notify';
import { handicapOfRounds } from './record';
import {
  displayName,
  insertPartners,
  insertRounds,
  peopleByIds,
  peopleWithRounds,
  type RoundFigures,
  type RoundRow,
  upsertHandicaps,
  venueNames,
  writeFigures,
} from './repository';

/**
 * The demo's season (`POST /internal/rounds/import`), its tees read already: rounds for people who
 * have none yet, each table written once, their handicaps computed from what was written; a round
 * with a partner waits for them with a copy to confirm, and they are told as when it is recorded.
 */
export async function importSeason(
  db: Db,
  notices: RoundNotices,
  now: Date,
  tees: ReadonlyMap<number, InternalTeeReply | null>,
  body: ImportRoundsBody,
): Promise<ImportRoundsReply> {
  return db.transaction(async (tx) => {
    const everyone = body.rounds.flatMap((r) => [r.user_id, ...(r.partner ? [r.partner.user_id] : [])]);
    const seeded = await peopleWithRounds(tx, everyone);
    const wanted = body.rounds.filter(
      (r) => !seeded.has(r.user_id) && !(r.partner && seeded.has(r.partner.user_id)),
    );
    if (!wanted.length) return { rounds: 0, handicaps: 0 };
    const names = await venueNames(
      tx,
      [...tees.values()].map((tee) => tee!.venue_id),
    );
    const draftOf = (round: (typeof wanted)[number], strokes: number[]): RoundDraft => {
      const tee = tees.get(round.tee_id)!;
      return {
        ...teeColumns(tee, tee.venue_name ?? names.get(tee.venue_id) ?? ''),
        playedOn: round.played_on,
        holesPlayed: round.holes_played,
        strokes,
        total: null,
        pcc: round.pcc ?? 0,
        createdAt: now,
        updatedAt: now,
      };
    };
    const own = await insertRounds(
      tx,
      wanted.map((round) => ({
        ...draftOf(round, round.strokes),
        userId: round.user_id,
        recordedByUserId: round.user_id,
        status: round.partner ? ('awaiting_confirmation' as const) : ('counting' as const),
        attested: false,
      })),
    );
    const withPartner = wanted.flatMap((round, i) => (round.partner ? [{ round, origin: own[i]! }] : []));
    const copies = await insertRounds(
      tx,
      withPartner.map(({ round, origin }) => ({
        ...draftOf(round, round.partner!.strokes),
        userId: round.partner!.user_id,
        recordedByUserId: round.user_id,
        originRoundId: origin.id,
        status: 'to_confirm' as const,
        attested: false,
      })),
    );
    await insertPartners(
      tx,
      withPartner.map(({ round, origin }) => ({ roundId: origin.id, userId: round.partner!.user_id })),
    );
    const people = await peopleByIds(
      tx,
      withPartner.map(({ round }) => round.user_id),
    );
    for (const copy of copies) {
      await notices.confirmationRequested(
        tx,
        {
          copyId: copy.id,
          partnerUserId: copy.userId,
          recorderUserId: copy.recordedByUserId,
          recorderName: displayName(people.get(copy.recordedByUserId)),
          venueName: copy.venueName,
          courseName: copy.courseName,
          playedOn: copy.playedOn,
          hasCard: true,
        },
        now,
      );
    }
    const byPerson = new Map<number, RoundRow[]>();
    for (const row of own.filter((r) => r.status === 'counting'))
      byPerson.set(row.userId, [...(byPerson.get(row.userId) ?? []), row]);
    const changed: RoundFigures[] = [];
    const handicaps = [...byPerson].map(([userId, rows]) => {
      rows.sort((a, b) => a.playedOn.localeCompare(b.playedOn) || a.id - b.id);
      const result = handicapOfRounds(userId, rows, now);
      changed.push(...result.changed);
      return result.handicap;
    });
    await writeFigures(tx, changed);
    await upsertHandicaps(tx, handicaps);
    return { rounds: own.length + copies.length, handicaps: handicaps.length };
  });
}
