import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ARCHIVE_FORMAT_VERSION,
  type BackupManifest,
  type DatabaseDump,
  MANIFEST_FILE,
  tableFile,
} from '../src/backup/manifest';
import { RestoreRefused, restoreArchive } from '../src/backup/restore';
import { SERVICE_DATABASES } from '../src/embedded/config';

/**
 * What a restore refuses before it touches anything: archives made by hand (no database is started,
 * every one of these stops at the checks), each against a data folder that already holds a run's data.
 */
describe('restore checks an archive before it replaces anything', () => {
  const folders: string[] = [];
  const folder = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), `linksmate-${name}-`));
    folders.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  /** An archive of one identity table (its rows never loaded: the checks stop the restore first). */
  function archiveWith(change: {
    dump?: Partial<DatabaseDump>;
    files?: Record<string, string>;
    extra?: (root: string) => void;
    /** Services left out of the archive. */
    without?: string[];
  }): string {
    const root = folder('archive-root');
    const table = { schema: 'public', name: 'users' };
    const file = tableFile('identity', table);
    const files: Record<string, string> = { [file]: '', ...change.files };
    const listed: BackupManifest['files'] = {};
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
      listed[path] = { bytes: Buffer.byteLength(text), sha256: sha256(Buffer.from(text)) };
    }
    const dump: DatabaseDump = {
      service: 'identity',
      database: 'identity',
      migrations: [],
      tables: [{ ...table, columns: ['id'], file, rows: 0 }],
      sequences: [],
      ...change.dump,
    };
    const manifest: BackupManifest = {
      format: 'linksmate-backup',
      version: ARCHIVE_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      taken: 'offline',
      databases: [
        dump,
        ...(Object.entries(SERVICE_DATABASES) as [DatabaseDump['service'], string][])
          .filter(([service]) => service !== 'identity' && !change.without?.includes(service))
          .map(([service, database]) => ({ service, database, migrations: [], tables: [], sequences: [] })),
      ],
      queuedEvents: 0,
      uploads: { files: 0, bytes: 0 },
      files: listed,
    };
    writeFileSync(join(root, MANIFEST_FILE), JSON.stringify(manifest));
    change.extra?.(root);
    const archive = join(folder('archive'), 'linksmate-test.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', root, '.']);
    return archive;
  }

  /** A data folder as a stopped run leaves it: PostgreSQL's data and an upload. */
  function dataFolderInUse(): string {
    const dataDir = folder('data');
    mkdirSync(join(dataDir, 'postgres'));
    writeFileSync(join(dataDir, 'postgres', 'PG_VERSION'), '15\n');
    mkdirSync(join(dataDir, 'uploads'));
    writeFileSync(join(dataDir, 'uploads', 'avatar.webp'), 'kept');
    return dataDir;
  }

  async function refusedWithDataKept(archive: string, message: RegExp) {
    const dataDir = dataFolderInUse();
    const restoring = restoreArchive({ archive, dataDir, force: true });
    await expect(restoring).rejects.toThrow(RestoreRefused);
    await expect(restoring).rejects.toThrow(message);
    expect(existsSync(join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(readFileSync(join(dataDir, 'uploads', 'avatar.webp'), 'utf8')).toBe('kept');
  }

  it('when a forced restore is given a damaged archive, then it is refused and the data it would replace is still there', async () => {
    const archive = archiveWith({
      extra: (root) =>
        writeFileSync(join(root, tableFile('identity', { schema: 'public', name: 'users' })), '1\n'),
    });
    await refusedWithDataKept(archive, /damaged: databases\/identity\/public\.users\.copy/);
  });

  it('when the archive holds a symbolic link, then it is refused (it could point the restore elsewhere)', async () => {
    const archive = archiveWith({ extra: (root) => symlinkSync('/etc/passwd', join(root, 'uploads-link')) });
    await refusedWithDataKept(archive, /links or special files.*uploads-link/);
  });

  it('when the archive names a service the platform does not have, then it is refused', async () => {
    const archive = archiveWith({
      dump: { service: 'billing' as DatabaseDump['service'], database: 'billing' },
    });
    await refusedWithDataKept(archive, /service this platform does not have: billing/);
  });

  it("when the archive puts a service's data in another service's database, then it is refused", async () => {
    const archive = archiveWith({ dump: { database: 'payments' } });
    await refusedWithDataKept(archive, /identity's data in a database named payments/);
  });

  it("when the archive lacks a service's database, then it is refused (a restore would leave that service empty)", async () => {
    const archive = archiveWith({ without: ['messaging'] });
    await refusedWithDataKept(archive, /holds 5 of the 6 services' databases/);
  });

  it('when the manifest lists a file outside the archive, then it is refused before that file is read', async () => {
    const outside = join(folder('outside'), 'secret.txt');
    writeFileSync(outside, 'not the archive');
    const archive = archiveWith({
      extra: (root) => {
        const manifest = JSON.parse(readFileSync(join(root, MANIFEST_FILE), 'utf8')) as BackupManifest;
        manifest.files[`../../${outside}`] = { bytes: 15, sha256: '0'.repeat(64) };
        writeFileSync(join(root, MANIFEST_FILE), JSON.stringify(manifest));
      },
    });
    await refusedWithDataKept(archive, /The archive lacks \.\.\/\.\.\//);
  });

  it('when a table is read from a file outside where a backup keeps it, then it is refused', async () => {
    const archive = archiveWith({
      files: { 'notes.txt': 'hello' },
      dump: {
        tables: [{ schema: 'public', name: 'users', columns: ['id'], file: 'notes.txt', rows: 0 }],
      },
    });
    await refusedWithDataKept(archive, /identity\.users is not where a backup keeps it \(notes\.txt\)/);
  });
});
