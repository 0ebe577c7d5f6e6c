import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBoundaries } from '../src/lint/boundaries';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const checker = fileURLToPath(new URL('../src/lint/boundaries.ts', import.meta.url));
const run = promisify(execFile);

/** A tiny repository: a root manifest with the given workspaces and the given source files. */
function repository(files: Record<string, string>, workspaces: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('package.json', JSON.stringify({ workspaces: Object.values(workspaces) }));
  for (const [name, folder] of Object.entries(workspaces))
    write(`${folder}/package.json`, JSON.stringify({ name }));
  for (const [path, text] of Object.entries(files)) write(path, text);
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const rulesBroken = (root: string) => checkBoundaries(root).map((v) => `${v.file} ${v.rule}`);

describe('import boundaries', () => {
  it('when the repository itself is checked, then no import crosses a boundary', () => {
    expect(checkBoundaries(repoRoot)).toEqual([]);
  });

  it('when a web feature imports another feature, then the lint fails and names both', async () => {
    const root = repository({
      'web/src/features/profile/routes/ProfilePage.tsx':
        "import { useCancel } from '../../membership/api/cancel';\nexport const x = useCancel;\n",
      'web/src/features/membership/api/cancel.ts': 'export const useCancel = 1;\n',
      'web/src/features/membership/index.ts': "export * from './api/cancel';\n",
    });
    expect(rulesBroken(root)).toEqual([
      'web/src/features/profile/routes/ProfilePage.tsx web-feature-isolation',
    ]);
    const lint = run('node', ['--import', 'tsx', checker, '--root', root], { cwd: repoRoot });
    await expect(lint).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        "ProfilePage.tsx:1  web-feature-isolation: imports '../../membership/api/cancel'",
      ),
    });
  });

  it('when features and the app import an entity, and the entity imports lib, components and proto, then no boundary is crossed', () => {
    const root = repository(
      {
        'web/src/entities/events/api/add-user-to-event.ts': [
          "import { api } from '../../../lib/api-client';",
          "import { FormError } from '../../../components/FormError';",
          "import { EVENT_MESSAGES } from '@linksmate/proto/rules';",
          "import { eventsKeys } from './keys';",
        ].join('\n'),
        'web/src/entities/events/api/keys.ts': 'export const eventsKeys = 1;\n',
        'web/src/lib/api-client.ts': "import { FormError } from '../components/FormError';\n",
        'web/src/components/FormError.tsx': "import { api } from '../lib/api-client';\n",
        'web/src/features/admin-events/routes/EventsAdminPage.tsx':
          "import { useAddUserToEvent } from '../../../entities/events/api/add-user-to-event';\n",
        'web/src/features/events/components/EventDetail.tsx':
          "const dialog = import('../../../entities/events/api/add-user-to-event');\n",
        'web/src/app/router.tsx': "import { eventsKeys } from '../entities/events/api/keys';\n",
        'proto/src/rules/index.ts': 'export const EVENT_MESSAGES = {};\n',
      },
      { '@linksmate/proto': 'proto' },
    );
    expect(rulesBroken(root)).toEqual([]);
  });

  it('when an entity imports a feature, the app or another entity, or lib and components import an entity, then the lint fails', () => {
    const root = repository({
      'web/src/entities/events/api/add-user-to-event.ts': [
        "import { adminEventsKeys } from '../../../features/admin-events/api/keys';",
        "import { paths } from '../../../app/router';",
        "import { usePaymentsConfig } from '../../payments/api/get-payments-config';",
      ].join('\n'),
      'web/src/entities/payments/api/get-payments-config.ts': 'export const usePaymentsConfig = 1;\n',
      'web/src/features/admin-events/api/keys.ts': "import { routes } from '../../../app/router';\n",
      'web/src/app/router.tsx': 'export const paths = 1;\n',
      'web/src/lib/api-client.ts': "import { eventsKeys } from '../entities/events/api/keys';\n",
      'web/src/components/AddToEventDialog.tsx':
        "import { useAddUserToEvent } from '../entities/events/api/add-user-to-event';\n",
      'web/src/entities/events/api/keys.ts': 'export const eventsKeys = 1;\n',
    });
    expect(rulesBroken(root)).toEqual([
      'web/src/components/AddToEventDialog.tsx web-shared-layers',
      'web/src/entities/events/api/add-user-to-event.ts web-shared-layers',
      'web/src/entities/events/api/add-user-to-event.ts web-shared-layers',
      'web/src/entities/events/api/add-user-to-event.ts web-entity-isolation',
      'web/src/features/admin-events/api/keys.ts web-shared-layers',
      'web/src/lib/api-client.ts web-shared-layers',
    ]);
  });

  it('when routes.ts imports drizzle or a repository, then the lint fails', () => {
    const root = repository({
      'services/shop/src/modules/orders/routes.ts': [
        "import { eq } from 'drizzle-orm';",
        "import type { Db } from '../../db/types';",
        "import { listOrders } from './repository';",
        "import { OrderService } from './service';",
      ].join('\n'),
      'services/shop/src/modules/orders/repository.ts': "import { eq } from 'drizzle-orm';\n",
      'services/shop/src/modules/orders/service.ts': "import { listOrders } from './repository';\n",
      'services/shop/src/db/types.ts': "import type { Executor } from 'drizzle-orm';\n",
    });
    expect(rulesBroken(root)).toEqual([
      'services/shop/src/modules/orders/routes.ts routes-no-database',
      'services/shop/src/modules/orders/routes.ts queries-in-repositories',
      'services/shop/src/modules/orders/routes.ts routes-no-database',
      'services/shop/src/modules/orders/routes.ts routes-no-database',
    ]);
  });

  it("when a module reaches another module's repository, or a service another service's package, then the lint fails", () => {
    const root = repository(
      {
        'services/shop/src/modules/checkout/service.ts': [
          "import { findOrder } from '../orders/repository';",
          "import { OrderService } from '../orders/service';",
          "import { buildApp } from '@linksmate/billing';",
        ].join('\n'),
        'services/shop/src/modules/orders/repository.ts': 'export const findOrder = 1;\n',
        'services/shop/src/modules/orders/service.ts': 'export class OrderService {}\n',
        'services/shop/src/consumers/paid.ts': "import { findOrder } from '../modules/orders/repository';\n",
        'services/billing/src/index.ts': 'export const buildApp = 1;\n',
      },
      { '@linksmate/shop': 'services/shop', '@linksmate/billing': 'services/billing' },
    );
    expect(rulesBroken(root)).toEqual([
      'services/shop/src/consumers/paid.ts consumers-and-jobs-use-services',
      'services/shop/src/modules/checkout/service.ts module-boundaries',
      'services/shop/src/modules/checkout/service.ts service-isolation',
    ]);
  });

  it('when a lower layer imports a higher one, then the lint fails', () => {
    const root = repository({
      'proto/src/index.ts': "import { x } from '../../platform/src/index';\n",
      'platform/src/index.ts': 'export const x = 1;\n',
      'web/src/lib/api.ts': "import { y } from '../../../platform/src/index';\n",
    });
    expect(rulesBroken(root)).toEqual(['proto/src/index.ts layering', 'web/src/lib/api.ts layering']);
  });
});
