import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { notFound } from '../app-error';

/**
 * Private images (chat attachments, dispute evidence): files under `privateUploadDir/<folder>`, outside every public
 * tree, served only through an API route that checked who may see them (decision 052).
 */
export class PrivateImageFolder {
  readonly dir: string;

  constructor(privateUploadDir: string, folder: string) {
    this.dir = path.join(privateUploadDir, folder);
  }

  /** Store a WebP as `<id>.webp` (the id of its row); returns the file name. */
  async write(id: string, data: Buffer): Promise<string> {
    const fileName = `${path.basename(id)}.webp`;
    await fs.promises.mkdir(this.dir, { recursive: true });
    try {
      await fs.promises.writeFile(path.join(this.dir, fileName), data);
    } catch (err) {
      // Part of it may be on disk (a full disk), with no row that would ever remove it.
      await this.remove(fileName);
      throw err;
    }
    return fileName;
  }

  fileFor(fileName: string) {
    return path.join(this.dir, path.basename(fileName));
  }

  async remove(fileName: string) {
    await fs.promises.rm(this.fileFor(fileName), { force: true });
  }
}

/**
 * Send a private image: never stored by any cache, the browser's included (a shared computer after sign-out, an admin
 * whose rights ended; as a private screenshot, decision 218), never content-sniffed by the browser.
 */
export async function sendPrivateImage(reply: FastifyReply, file: string, contentType: string) {
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat) throw notFound('Image not found');
  return reply
    .type(contentType)
    .header('content-length', stat.size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(fs.createReadStream(file));
}
