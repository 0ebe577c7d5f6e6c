import type { HttpApp } from '@linksmate/platform';
import { SEVEN_CALLERS as CALLERS, type SpecCaller as Caller } from '@linksmate/platform/testing';
import type { Role } from '@linksmate/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EveryService, startEveryService } from './fixtures/every-service';

const SITE: Role[] = ['admin', 'site_admin'];
const ALL_ADMINS: Role[] = ['admin', 'site_admin', 'facility_admin', 'coach_admin'];
const VENUE_ADMINS: Role[] = ['admin', 'site_admin', 'facility_admin'];
const COACHING_ADMINS: Role[] = ['admin', 'site_admin', 'coach_admin'];
/** My Coaching Venues: a coach manages their own profile's venues (ownership is the service's check). */
const COACH_VENUES: Role[] = [...COACHING_ADMINS, 'coach'];

/**
 * What docs/product.md#admin-sections allows, route by route, written out here on its own (not read from the code's
 * table): every admin route the services declare must be in it, and it must name no route that
 * does not exist.
 */
const ALLOWED: Record<string, Role[]> = {
  'GET /admin/users': SITE,
  'GET /admin/users/export': SITE,
  'POST /admin/users/bulk-ban': SITE,
  'POST /admin/users/bulk-grant-membership': SITE,
  'POST /admin/users/:id/ban': SITE,
  'POST /admin/users/:id/unban': SITE,
  'POST /admin/users/:id/grant-membership': SITE,
  'POST /admin/users/:id/send-reset-email': SITE,
  'POST /admin/users/:id/send-email': SITE,
  'PUT /admin/users/:id/role': SITE,
  'DELETE /admin/users/:id': SITE,
  'GET /admin/payments/transactions': SITE,
  'POST /admin/announcements': SITE,
  'GET /admin/events': ALL_ADMINS,
  'POST /admin/events/:id/add-user': ALL_ADMINS,
  'GET /admin/profile': ALL_ADMINS,
  'GET /admin/venues': VENUE_ADMINS,
  'GET /admin/venues/:id': VENUE_ADMINS,
  'POST /admin/venues': SITE,
  'PUT /admin/venues/:id': SITE,
  'DELETE /admin/venues/:id': SITE,
  'PUT /admin/venues/:id/review': SITE,
  'GET /admin/venues/:id/courses': VENUE_ADMINS,
  'POST /admin/venues/:id/courses': VENUE_ADMINS,
  'PUT /admin/venues/:id/courses/:courseId': VENUE_ADMINS,
  'DELETE /admin/venues/:id/courses/:courseId': VENUE_ADMINS,
  'GET /admin/coaches': SITE,
  'POST /admin/coaches': SITE,
  'PUT /admin/coaches/:id': SITE,
  'DELETE /admin/coaches/:id': SITE,
  'GET /admin/coaches/by-user/:userId': COACH_VENUES,
  'GET /admin/coaches/:id/venues': COACH_VENUES,
  'POST /admin/coaches/:id/venues': COACH_VENUES,
  'DELETE /admin/coaches/:id/venues/:venueId': COACH_VENUES,
  'PUT /admin/coaches/:id/venues/:linkId/primary': COACH_VENUES,
  'GET /admin/profile-claims': SITE,
  'GET /admin/profile-claims/:id': SITE,
  'PUT /admin/profile-claims/:id': SITE,
  'GET /admin/bookings': ALL_ADMINS,
  'PATCH /admin/bookings/:id/status': ALL_ADMINS,
  'GET /admin/availability': ALL_ADMINS,
  'POST /admin/availability': ALL_ADMINS,
  'POST /admin/availability/batch': ALL_ADMINS,
  'PUT /admin/availability/:id': ALL_ADMINS,
  'DELETE /admin/availability/:id': ALL_ADMINS,
  'GET /admin/dashboard': ALL_ADMINS,
};

const SERVICE_TOKEN = 'authorization-matrix-service-token';
const CALLER_ID = 4242;

describe('admin authorization: every admin route × the seven callers', () => {
  let stack: EveryService;
  const routes: Array<{ app: HttpApp; service: string; method: string; url: string }> = [];

  beforeAll(async () => {
    stack = await startEveryService(SERVICE_TOKEN);
    for (const { name, service } of stack.services)
      for (const route of service.app.routeAccess)
        if (route.url.startsWith('/admin')) routes.push({ app: service.app, service: name, ...route });
  });

  afterAll(() => stack?.close());

  const outboxRows = async () => {
    let total = 0;
    for (const { service } of stack.services) {
      const { rows } = await service.app.serviceRuntime.pool.query('select count(*)::int as n from outbox');
      total += rows[0].n;
    }
    return total;
  };

  const call = async (route: (typeof routes)[number], caller: Caller) => {
    const token =
      caller === 'anonymous'
        ? undefined
        : await stack.auth.tokenFor(CALLER_ID, caller, {
            membership_status: 'active',
            membership_ends_at: null,
          });
    const response = await route.app.inject({
      method: route.method as 'GET',
      // A path naming a person names the caller (asking about oneself is what a role may do).
      url: route.url.replace(':userId', String(CALLER_ID)).replace(/:[a-zA-Z]+/g, '1'),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return response.statusCode;
  };

  it('when the services are up, then the table names every admin route they declare and no other', () => {
    const declared = routes.map((r) => `${r.method} ${r.url}`).sort();
    expect(declared).toEqual(Object.keys(ALLOWED).sort());
  });

  it('when each caller calls each admin route, then only the allowed get past the door; the others get 401 or 403 and nothing is written', async () => {
    const before = await outboxRows();
    const unexpected: string[] = [];
    for (const route of routes) {
      const allowed = ALLOWED[`${route.method} ${route.url}`] ?? [];
      for (const caller of CALLERS) {
        const status = await call(route, caller);
        const mayPass = caller !== 'anonymous' && allowed.includes(caller);
        const expected = caller === 'anonymous' ? 401 : 403;
        if (mayPass ? status === 401 || status === 403 : status !== expected)
          unexpected.push(`${caller} ${route.method} ${route.url} (${route.service}): ${status}`);
      }
    }
    expect(unexpected).toEqual([]);
    // The allowed callers sent empty bodies: refused by validation, they changed nothing either.
    expect(await outboxRows()).toBe(before);
  });
});
