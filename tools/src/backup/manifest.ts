import { fileURLToPath } from 'node:url';
import { SERVICE_DATABASES } from '../embedded/config';

/** Bumped when an archive's layout changes in a way an older restore could not read. */
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const BUS_STATE_FILE = 'event-bus.json';
export const UPLOADS_FOLDER = 'uploads';

export type ServiceName = keyof typeof SERVICE_DATABASES;
export const SERVICES = Object.keys(SERVICE_DATABASES) as ServiceName[];

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The migrations a service's code carries; restore builds each database's schema from them. */
export const migrationsFolderOf = (service: ServiceName) =>
  `${repoRoot}services/${service}/src/db/migrations`;

/** A drizzle migration as recorded in the database: its journal time identifies it. */
export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

export interface TableDump {
  schema: string;
  name: string;
  /** The columns copied, in the file's order (generated columns are left to the database). */
  columns: string[];
  /** The COPY text-format file, relative to the archive's root. */
  file: string;
  rows: number;
}

export interface SequenceDump {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface DatabaseDump {
  service: ServiceName;
  database: string;
  /** The schema's level: restore builds it from the code's migrations up to the last of these. */
  migrations: AppliedMigration[];
  tables: TableDump[];
  sequences: SequenceDump[];
}

export interface BackupManifest {
  format: 'linksmate-backup';
  version: number;
  createdAt: string;
  /** live: from a running platform, events paused while its snapshots were taken; offline: a stopped one. */
  taken: 'live' | 'offline';
  databases: DatabaseDump[];
  /** Events the bus held for its consumer groups (not yet handled), kept in event-bus.json. */
  queuedEvents: number;
  uploads: { files: number; bytes: number };
  /** Every other file of the archive, with its size and SHA-256, checked before anything is restored. */
  files: Record<string, { bytes: number; sha256: string }>;
}

export const tableFile = (database: string, table: { schema: string; name: string }) =>
  `databases/${database}/${table.schema}.${table.name}.copy`;
