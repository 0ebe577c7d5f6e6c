import { randomUUID } from 'node:crypto';
import { copyFile, constants as fsConstants, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { contentTypeOfKey, isStorageKey, uploadUrl } from './keys';
import {
  type ByteRange,
  type ObjectStorage,
  RangeNotSatisfiable,
  resolveByteRange,
  type StoredObject,
} from './types';

const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

/**
 * Objects as files under one directory (the embedded run). A file's content type comes from its
 * key's extension, so `put` refuses a content type the extension does not name.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly driver = 'local' as const;
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** The file of a key; a key that is not ours, or that would leave the root, is refused. */
  private pathOf(key: string): string {
    const path = resolve(this.root, key);
    if (!isStorageKey(key) || !path.startsWith(this.root + sep)) throw new Error(`not a storage key: ${key}`);
    return path;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.writeAside(key, contentType, (partial) => writeFile(partial, body, { flag: 'wx' }));
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    await this.writeAside(key, contentType, (partial) => copyFile(path, partial, fsConstants.COPYFILE_EXCL));
  }

  /** Written aside and renamed into place: a reader never sees half a file. */
  private async writeAside(
    key: string,
    contentType: string,
    write: (partial: string) => Promise<void>,
  ): Promise<void> {
    const path = this.pathOf(key);
    if (contentTypeOfKey(key) !== contentType)
      throw new Error(`local storage: ${key} cannot hold ${contentType}; its extension decides the type`);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.${randomUUID()}.partial`;
    try {
      await write(partial);
      await rename(partial, path);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await rm(this.pathOf(key), { force: true });
    } catch (err) {
      // A folder on the way that is not one holds no file either.
      if ((err as NodeJS.ErrnoException).code !== 'ENOTDIR') throw err;
    }
  }

  async open(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    try {
      const handle = await open(this.pathOf(key), 'r');
      const stats = await handle.stat().catch(async (err) => {
        await handle.close();
        throw err;
      });
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      const size = stats.size;
      const part = range ? resolveByteRange(range, size) : undefined;
      if (part === null) {
        await handle.close();
        throw new RangeNotSatisfiable(size);
      }
      return {
        body: handle.createReadStream(part ?? {}),
        contentType: contentTypeOfKey(key),
        contentLength: part ? part.end - part.start + 1 : size,
        etag: `"${size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
        ...(part ? { range: { ...part, size } } : {}),
      };
    } catch (err) {
      if (MISSING.has((err as NodeJS.ErrnoException).code ?? '')) return null;
      throw err;
    }
  }

  urlFor(key: string): string {
    return uploadUrl(key);
  }

  async close(): Promise<void> {}
}
