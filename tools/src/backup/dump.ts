import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { BackupManifest, DatabaseDump, SequenceDump, ServiceName, TableDump } from './manifest';
import { tableFile, UPLOADS_FOLDER } from './manifest';

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (t: { schema: string; name: string }) =>
  `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;

type Files = BackupManifest['files'];

/** Counts and hashes what passes through, on its way to the file. */
class Digest extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    this.push(chunk);
    done();
  }
}

async function writeHashed(source: NodeJS.ReadableStream, root: string, file: string, files: Files) {
  const path = join(root, file);
  await mkdir(dirname(path), { recursive: true });
  const digest = new Digest();
  await pipeline(source, digest, createWriteStream(path, { mode: 0o600 }));
  files[file] = { bytes: digest.bytes, sha256: digest.hash.digest('hex') };
}

export async function hashOf(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * One database's view at one instant: a REPEATABLE READ, READ ONLY transaction whose snapshot is
 * taken as it opens, and every later read of the dump sees that same instant.
 */
export class DatabaseSnapshot {
  private constructor(private readonly client: pg.Client) {}

  static async connect(url: string): Promise<DatabaseSnapshot> {
    const client = new pg.Client({ connectionString: url, application_name: 'linksmate-backup' });
    await client.connect();
    return new DatabaseSnapshot(client);
  }

  /** Takes the snapshot: now, not at BEGIN, which takes none until the first statement. */
  async take(): Promise<void> {
    await this.client.query('begin isolation level repeatable read, read only');
    await this.client.query('select 1');
  }

  /** Every table of the service's schemas (not drizzle's own), the sequences, the migration level. */
  async dump(service: ServiceName, database: string, root: string, files: Files): Promise<DatabaseDump> {
    const { client } = this;
    const tables = await client.query<{ schema: string; name: string; columns: string[] }>(
      `select n.nspname::text as schema, c.relname::text as name,
              array_agg(a.attname::text order by a.attnum) as columns
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        where c.relkind in ('r', 'p') and not c.relispartition
          and n.nspname not in ('drizzle', 'information_schema') and n.nspname not like 'pg\\_%'
        group by 1, 2 order by 1, 2`,
    );
    const dumped: TableDump[] = [];
    for (const table of tables.rows) {
      const file = tableFile(database, table);
      const columns = table.columns.map(quoteIdent).join(', ');
      const copy = client.query(copyTo(`copy (select ${columns} from ${qualified(table)}) to stdout`));
      await writeHashed(copy, root, file, files);
      dumped.push({ ...table, file, rows: copy.rowCount });
    }
    const sequenceNames = await client.query<{ schema: string; name: string }>(
      `select schemaname::text as schema, sequencename::text as name from pg_sequences
        where schemaname not in ('drizzle', 'information_schema') order by 1, 2`,
    );
    // Sequences are not transactional: each reads its value now, at or past anything the snapshot holds.
    const sequences: SequenceDump[] = [];
    for (const sequence of sequenceNames.rows) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${qualified(sequence)}`,
      );
      sequences.push({ ...sequence, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
    }
    const migrationsTable = await client.query<{ present: boolean }>(
      "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
    );
    const migrations = migrationsTable.rows[0]?.present
      ? (
          await client.query<{ hash: string; created_at: string }>(
            'select hash, created_at::text from drizzle.__drizzle_migrations order by created_at',
          )
        ).rows.map((m) => ({ hash: m.hash, createdAt: Number(m.created_at) }))
      : [];
    return { service, database, migrations, tables: dumped, sequences };
  }

  async release(): Promise<void> {
    await this.client.query('rollback').catch(() => {});
    await this.client.end().catch(() => {});
  }
}

/**
 * The uploads, file by file, into the archive's uploads/: linked where the file system allows
 * (stored objects are never rewritten in place, only added or removed), else copied; each hashed.
 * Files still being written (`.partial`) are left out.
 */
export async function collectUploads(
  uploadsDir: string,
  root: string,
  files: Files,
): Promise<{ files: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch((err) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const source = join(entry.parentPath, entry.name);
    const file = `${UPLOADS_FOLDER}/${relative(uploadsDir, source).split('\\').join('/')}`;
    const target = join(root, file);
    await mkdir(dirname(target), { recursive: true });
    try {
      await link(source, target);
      files[file] = await hashOf(target);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      // Removed since the snapshots: the restored row naming it (if any) names a missing picture,
      // as it would have a moment later anyway once the removal's event was handled.
      if (code === 'ENOENT') continue;
      if (code !== 'EXDEV' && code !== 'EPERM') throw err;
      await writeHashed(createReadStream(source), root, file, files);
    }
    count++;
    bytes += (await stat(target)).size;
  }
  return { files: count, bytes };
}
