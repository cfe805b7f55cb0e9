import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config';
import { newId } from '../../lib/ids';
import { S3ImageStore } from './s3-image-store';

/** Where listing screenshots live: the local upload folder by default, any S3-compatible bucket when configured (decision 042). */
export interface ImageStore {
  /** Store the bytes under the key (e.g. "listings/<id>/<image>.webp") and return the URL browsers load it from. */
  put(key: string, body: Buffer, contentType: string): Promise<string>;
  /** Remove a stored object by the URL put returned; unknown URLs are ignored. */
  deleteUrl(url: string): Promise<void>;
}

export const LOCAL_PREFIX = '/uploads';

/** Files under config.uploadDir, served at /uploads/... by the listing images routes. */
export class LocalImageStore implements ImageStore {
  constructor(private readonly root: string) {}

  async put(key: string, body: Buffer): Promise<string> {
    const file = this.fileFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const tmp = `${file}.${newId()}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
    return `${LOCAL_PREFIX}/${key}`;
  }

  async deleteUrl(url: string): Promise<void> {
    if (!url.startsWith(`${LOCAL_PREFIX}/listings/`)) return;
    await fs.rm(this.fileFor(url.slice(LOCAL_PREFIX.length + 1)), { force: true });
  }

  /** The file for a key, refusing anything that would leave the upload folder. */
  fileFor(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`key outside the upload folder: ${key}`);
    return file;
  }
}

export function createImageStore(config: Config): ImageStore {
  return config.s3 ? new S3ImageStore(config.s3) : new LocalImageStore(config.uploadDir);
}
