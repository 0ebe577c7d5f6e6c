import { ROUTE_TABLE, resolveService, routePrefixOf } from '@linksmate/gateway';
import type { OpenAPIV3 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EveryService, startEveryService } from './fixtures/every-service';

/**
 * The gateway's route table is the third place a public path is named (after proto's contract and the
 * service's route): this ties it to what the services document, so a path added to a service without
 * its prefix, or a prefix left behind by a removed route, fails here rather than as a 404 in use.
 */
describe('the gateway’s route table against every service’s OpenAPI', () => {
  let stack: EveryService;
  /** Every documented path, with its parameters filled in as a caller would (`/events/1`). */
  const documented: Array<{ service: string; template: string; path: string }> = [];
  const internal: Array<{ service: string; path: string }> = [];

  beforeAll(async () => {
    stack = await startEveryService('gateway-routes-service-token');
    for (const { name, service } of stack.services) {
      const openapi = service.app.swagger() as OpenAPIV3.Document;
      for (const template of Object.keys(openapi.paths ?? {}))
        documented.push({ service: name, template, path: template.replace(/\{[^}]+\}/g, '1') });
      for (const route of service.app.routeAccess)
        if (route.url.startsWith('/internal/'))
          internal.push({ service: name, path: route.url.replace(/:[a-zA-Z]+/g, '1') });
    }
  });

  afterAll(() => stack?.close());

  it('when the services are up, then each documents public paths and declares internal ones (the test has something to check)', () => {
    expect(new Set(documented.map((d) => d.service)).size).toBe(6);
    expect(internal.length).toBeGreaterThan(0);
  });

  it('when each documented path is looked up in the table, then it leads to the service that documents it', () => {
    const misrouted = documented
      .filter((d) => !d.template.startsWith('/internal/'))
      .map((d) => ({ ...d, routedTo: resolveService(d.path) }))
      .filter((d) => d.routedTo !== d.service)
      .map((d) => `${d.template} (${d.service}) → ${d.routedTo ?? 'no service'}`);
    expect(misrouted).toEqual([]);
  });

  it('when a service’s internal path is asked of the gateway, then the table leads nowhere', () => {
    const exposed = internal
      .filter((i) => resolveService(i.path) !== null)
      .map((i) => `${i.path} (${i.service}) → ${resolveService(i.path)}`);
    expect(exposed).toEqual([]);
    expect(documented.filter((d) => d.template.startsWith('/internal/'))).toEqual([]);
  });

  it('when each prefix of the table is checked, then at least one documented path of its service falls under it', () => {
    const unused = ROUTE_TABLE.filter(
      (route) =>
        !documented.some((d) => d.service === route.service && routePrefixOf(d.path) === route.prefix),
    ).map((route) => `${route.prefix} (${route.service})`);
    expect(unused).toEqual([]);
  });
});
