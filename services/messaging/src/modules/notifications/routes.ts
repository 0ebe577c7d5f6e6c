import { currentUser, type HttpApp } from '@linksmate/platform';
import {
  ApiErrorSchema,
  IdParams,
  NotificationPreferencesBody,
  NotificationPreferencesReply,
  NotificationReadReply,
  NotificationsQuery,
  NotificationsReply,
  NotificationUnreadReply,
} from '@linksmate/proto';
import type { NotificationsService } from './service';

const tags = ['notifications'];

/** The own notification centre: every route answers only about the person calling. */
export function registerNotificationRoutes(app: HttpApp, notifications: NotificationsService): void {
  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: { tags, querystring: NotificationsQuery, response: { 200: NotificationsReply } },
    },
    async (request) => notifications.list(currentUser(request), request.query),
  );
  app.get(
    '/notifications/unread-count',
    { config: { access: 'user' }, schema: { tags, response: { 200: NotificationUnreadReply } } },
    async (request) => notifications.unread(currentUser(request)),
  );
  app.post(
    '/notifications/read-all',
    { config: { access: 'user' }, schema: { tags, response: { 200: NotificationUnreadReply } } },
    async (request) => notifications.readAll(currentUser(request)),
  );
  app.post(
    '/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: { tags, params: IdParams, response: { 200: NotificationReadReply, 404: ApiErrorSchema } },
    },
    async (request) => notifications.read(currentUser(request), request.params.id),
  );
  app.get(
    '/notifications/preferences',
    { config: { access: 'user' }, schema: { tags, response: { 200: NotificationPreferencesReply } } },
    async (request) => notifications.preferences(currentUser(request)),
  );
  app.put(
    '/notifications/preferences',
    {
      config: { access: 'user' },
      schema: {
        tags,
        body: NotificationPreferencesBody,
        response: { 200: NotificationPreferencesReply, 400: ApiErrorSchema },
      },
    },
    async (request) => notifications.setPreferences(currentUser(request), request.body),
  );
}
