import { currentUser, type HttpApp } from '@linksmate/platform';
import { ApiErrorSchema, CalendarFeedParams, CalendarFeedReply, IdParams } from '@linksmate/proto';
import Type from 'typebox';
import type { CalendarService } from './service';

const tags = ['calendar'];
const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** iCalendar text (RFC 5545), sent as it is. */
const Ics = Type.String({ description: 'text/calendar' });

/** Calendars (beyond the spec): an event's .ics, and each person's secret feed. */
export function registerCalendarRoutes(app: HttpApp, calendar: CalendarService): void {
  app.get(
    '/events/:id/calendar.ics',
    { schema: { tags, params: IdParams, response: { 200: Ics, 404: ApiErrorSchema } } },
    async (request, reply) =>
      reply
        .type(CALENDAR_TYPE)
        .header('content-disposition', `attachment; filename="event-${request.params.id}.ics"`)
        .send(await calendar.eventIcs(request.params.id)),
  );

  app.get(
    '/calendar/feed-url',
    {
      config: { access: 'user' },
      schema: { tags, response: { 200: CalendarFeedReply, 409: ApiErrorSchema } },
    },
    async (request) => calendar.feedUrl(currentUser(request).user_id),
  );

  app.post(
    '/calendar/feed-url/rotate',
    { config: { access: 'user' }, schema: { tags, response: { 200: CalendarFeedReply } } },
    async (request) => calendar.rotate(currentUser(request).user_id),
  );

  app.get(
    '/calendar/feed/:token.ics',
    { schema: { tags, params: CalendarFeedParams, response: { 200: Ics, 404: ApiErrorSchema } } },
    async (request, reply) =>
      reply
        .type(CALENDAR_TYPE)
        .header('cache-control', 'private, max-age=300')
        .send(await calendar.feed(request.params.token)),
  );
}
