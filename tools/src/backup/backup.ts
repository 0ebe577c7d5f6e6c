import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import type { InProcessBusState } from '@linksmate/platform';
import { SERVICE_DATABASES } from '../embedded/config';
import { collectUploads, DatabaseSnapshot, hashOf } from './dump';
import {
  ARCHIVE_FORMAT_VERSION,
  type BackupManifest,
  BUS_STATE_FILE,
  MANIFEST_FILE,
  SERVICES,
} from './manifest';

const run = promisify(execFile);

/** Where a backup reads from, and how it holds the platform still while it takes its snapshots. */
export interface BackupSource {
  taken: BackupManifest['taken'];
  urlFor(database: string): string;
  uploadsDir: string;
  /**
   * Stops events moving (outbox relays, bus deliveries; what is in flight finishes) and resolves
   * once nothing moves. Every event is then in exactly one place: an unsent outbox row, a bus
   * queue, or a consumer's inbox with its effects.
   */
  pause(): Promise<void>;
  /** What the bus holds for its consumer groups, read while paused. */
  busState(): Promise<InProcessBusState | undefined>;
  resume(): void;
}

export interface BackupResult {
  archive: string;
  bytes: number;
  seconds: number;
  /** How long events stood still while the six snapshots were taken. */
  pausedMs: number;
  manifest: BackupManifest;
}

export const countEvents = (state: InProcessBusState | undefined) =>
  Object.values(state?.queues ?? {}).reduce((sum, deliveries) => sum + deliveries.length, 0);

/** The default archive: backups/linksmate-20260114T093000Z.tar.gz under the given folder. */
export function defaultArchivePath(folder: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return join(folder, 'backups', `linksmate-${stamp}.tar.gz`);
}

/**
 * One archive of the six databases, the uploads and the bus's queued events, all of one instant:
 * with events paused, the six snapshots are taken back to back and the bus's queues read; events
 * move again at once, and the dumps are read from the snapshots held meanwhile.
 */
export async function writeBackup(source: BackupSource, archivePath: string): Promise<BackupResult> {
  const started = performance.now();
  const archive = resolve(archivePath);
  if (existsSync(archive)) throw new Error(`${archive} exists already; choose another ARCHIVE.`);
  await mkdir(dirname(archive), { recursive: true });
  const staging = await mkdtemp(join(dirname(archive), `.${basename(archive)}-`));
  const files: BackupManifest['files'] = {};
  try {
    // Connecting takes longest; it is done before events stop.
    const snapshots = await Promise.all(
      SERVICES.map(async (service) => {
        const database = SERVICE_DATABASES[service];
        return { service, database, snapshot: await DatabaseSnapshot.connect(source.urlFor(database)) };
      }),
    );
    let busState: InProcessBusState | undefined;
    let pausedMs = 0;
    try {
      await source.pause();
      const pausedAt = performance.now();
      try {
        for (const { snapshot } of snapshots) await snapshot.take();
        busState = await source.busState();
      } finally {
        source.resume();
        pausedMs = performance.now() - pausedAt;
      }
      const databases = [];
      for (const { service, database, snapshot } of snapshots)
        databases.push(await snapshot.dump(service, database, staging, files));
      const queuedEvents = countEvents(busState);
      if (queuedEvents) {
        const path = join(staging, BUS_STATE_FILE);
        await writeFile(path, JSON.stringify(busState), { mode: 0o600 });
        files[BUS_STATE_FILE] = await hashOf(path);
      }
      const uploads = await collectUploads(source.uploadsDir, staging, files);
      const manifest: BackupManifest = {
        format: 'linksmate-backup',
        version: ARCHIVE_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        taken: source.taken,
        databases,
        queuedEvents,
        uploads,
        files,
      };
      await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
        mode: 0o600,
      });
      // Written aside and renamed: an archive under its name is always whole. Only its owner may
      // read it: it holds password hashes, personal details and the services' keys.
      // Made 0600 before tar writes a byte: never readable by others, not even while it is written.
      const partial = `${archive}.partial`;
      await writeFile(partial, '', { mode: 0o600 });
      await chmod(partial, 0o600);
      await run('tar', ['-czf', partial, '-C', staging, '.']);
      await rename(partial, archive);
      return {
        archive,
        bytes: (await stat(archive)).size,
        seconds: (performance.now() - started) / 1000,
        pausedMs,
        manifest,
      };
    } finally {
      await Promise.all(snapshots.map(({ snapshot }) => snapshot.release()));
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(`${archive}.partial`, { force: true });
  }
}

/** The bus state a stopped run left in its data folder (events it had not delivered when it closed). */
export async function savedBusState(dataDir: string): Promise<InProcessBusState | undefined> {
  const file = join(dataDir, BUS_STATE_FILE);
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as InProcessBusState;
}
