import { ListTotals, notFound } from '@linksmate/platform';
import {
  type AdminEventsQuery,
  type AdminEventsReply,
  EVENT_MESSAGES,
  type Event,
  type EventsQuery,
  type EventsReply,
  type MyGamesQuery,
  type MyGamesReply,
} from '@linksmate/proto';
import type { AdminScope } from '../../lib/admin-scope';
import { timeRange } from '../../lib/list-filters';
import {
  adminEventsCountSql,
  adminEventsPageSql,
  countAllSql,
  countUpToSql,
  eventByIdSql,
  eventsPageSql,
  type ListFilters,
  myGamesCountSql,
  myGamesSql,
  type ReadModel,
  toEvent,
  toMyGame,
} from './repository';

/**
 * Events as people read them: the public list, one event, a creator's games. Every answer carries
 * the viewer's own standing (null viewer: anonymous).
 */
export class EventReads {
  private readonly totals = new ListTotals();

  constructor(
    private readonly model: ReadModel,
    private readonly clock: () => Date,
  ) {}

  /** `GET /events`: one statement for the page; the total counted only as far as it must be. */
  async list(query: EventsQuery, viewerId: number | null): Promise<EventsReply> {
    const filters: ListFilters = {
      eventType: query.event_type,
      venueId: query.venue_id,
      coachId: query.coach_id,
      now: query.include_past ? null : this.clock(),
    };
    const page = { limit: query.limit ?? 10, offset: query.offset ?? 0 };
    const rows = await this.model.rows(eventsPageSql(filters, page, viewerId ?? 0));
    const count = await this.totals.total(
      { ...page, rows: rows.length },
      {
        countUpTo: async (cap) => Number((await this.model.rows(countUpToSql(filters, cap)))[0]?.n ?? 0),
        shared: {
          key: `${filters.eventType ?? ''}|${filters.venueId ?? ''}|${filters.coachId ?? ''}|${!filters.now}`,
          count: async () => Number((await this.model.rows(countAllSql(filters)))[0]?.n ?? 0),
        },
      },
    );
    return { events: rows.map(toEvent), count };
  }

  /**
   * `GET /admin/events` (docs/product.md#admin-calls): every event not deleted within the caller's scope, past and
   * cancelled ones too, with the same fields as the public list (viewed by nobody: no caller's own
   * standing). Exact totals: the admin list is small and read by few.
   */
  async adminList(query: AdminEventsQuery, scope: AdminScope): Promise<AdminEventsReply> {
    const filters = {
      scope,
      eventType: query.event_type,
      venueId: query.venue_id,
      coachId: query.coach_id,
      status: query.status,
      range: timeRange(query.start_date, query.end_date),
      search: query.search?.trim() || undefined,
    };
    const [rows, counted] = await Promise.all([
      this.model.rows(adminEventsPageSql(filters, { limit: query.limit, offset: query.offset })),
      this.model.rows(adminEventsCountSql(filters)),
    ]);
    return { events: rows.map(toEvent), total: Number(counted[0]?.n ?? 0) };
  }

  /** One event that is not deleted (cancelled and past ones included), or undefined. */
  async byId(id: number, viewerId: number | null): Promise<Event | undefined> {
    const [row] = await this.model.rows(eventByIdSql(id, viewerId ?? 0));
    return row ? toEvent(row) : undefined;
  }

  /** `GET /events/{id}`: 'Event not found' for a missing or deleted one. */
  async require(id: number, viewerId: number | null): Promise<Event> {
    const event = await this.byId(id, viewerId);
    if (!event) throw notFound(EVENT_MESSAGES.eventNotFound, 'event_not_found');
    return event;
  }

  /** `GET /member-games/my-created`: newest start first, past games included. */
  async myGames(creatorId: number, query: MyGamesQuery): Promise<MyGamesReply> {
    const page = { limit: query.limit ?? 20, offset: query.offset ?? 0 };
    const [rows, counted] = await Promise.all([
      this.model.rows(myGamesSql(creatorId, page)),
      this.model.rows(myGamesCountSql(creatorId)),
    ]);
    return { events: rows.map(toMyGame), total: Number(counted[0]?.n ?? 0) };
  }
}
