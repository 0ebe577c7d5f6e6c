import { appendFileSync, cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVICE_DATABASES } from '../src/embedded/config';
import { migrationsFolderOf, postgresTemplateKey } from '../src/embedded/postgres-template';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('the embedded run: its PostgreSQL template', () => {
  // A checkout of its own holding this one's migrations, to change them.
  const root = `${mkdtempSync(join(tmpdir(), 'linksmate-template-key-'))}/`;
  for (const service of Object.keys(SERVICE_DATABASES) as Array<keyof typeof SERVICE_DATABASES>)
    cpSync(migrationsFolderOf(service, repoRoot), migrationsFolderOf(service, root), { recursive: true });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('when the migrations are those of this checkout, then the key is this checkout’s, wherever it lies', () => {
    expect(postgresTemplateKey(root)).toBe(postgresTemplateKey());
  });

  it('when a migration changes or one is added, then the key changes, so the template made before is not used', () => {
    const before = postgresTemplateKey(root);
    appendFileSync(join(migrationsFolderOf('admin', root), '0000_init.sql'), '\n-- changed\n');
    const changed = postgresTemplateKey(root);
    expect(changed).not.toBe(before);
    writeFileSync(join(migrationsFolderOf('identity', root), '9999_added.sql'), 'select 1;\n');
    expect(postgresTemplateKey(root)).not.toBe(changed);
  });
});
