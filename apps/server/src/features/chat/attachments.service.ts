import fs from 'node:fs';
import path from 'node:path';
import type Sharp from 'sharp';
import { lazyModule } from '../../lib/lazy-module';

const sharp = (...args: Parameters<typeof Sharp>) => loadSharp()(...args);
const loadSharp = lazyModule<typeof Sharp>('sharp');
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGES, type ChatAttachment } from '@accountry/shared/chat';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { newId } from '../../lib/ids';
import { hasReport } from '../../lib/reports';
import { canViewAttachment } from './chat.policy';
import { findConversation } from './conversations.repository';
import { deleteAttachments, findAttachment, insertAttachment, selectUnsentBefore } from './attachments.repository';
import type { ConversationsService } from './conversations.service';
import type { MessagesService } from './messages.service';
import { attachmentUrl } from './messages.service';

const MAX_SIDE = 1600;
const MAX_INPUT_PIXELS = 40_000_000;
/** Uploads never sent with a message are removed after a day. */
const UNSENT_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Chat images: checked by decoding (magic bytes and a real image), re-encoded to WebP without metadata
 * (no GPS from phone photos), stored under privateUploadDir/chat (outside every public folder) and served only
 * through the API to the conversation's parties.
 */
export class AttachmentsService {
  readonly dir: string;

  constructor(
    private readonly deps: AppDeps,
    private readonly conversations: ConversationsService,
    private readonly messages: MessagesService,
  ) {
    this.dir = path.join(deps.config.privateUploadDir, 'chat');
  }

  /** Attachments stored by earlier versions under the public upload folder move to the private one. */
  async moveLegacyFiles() {
    const legacy = path.join(this.deps.config.uploadDir, 'chat');
    const names = await fs.promises.readdir(legacy).catch(() => [] as string[]);
    if (!names.length) return 0;
    await fs.promises.mkdir(this.dir, { recursive: true });
    for (const name of names) await fs.promises.rename(path.join(legacy, name), path.join(this.dir, name));
    await fs.promises.rmdir(legacy).catch(() => undefined);
    return names.length;
  }

  async upload(user: AuthUser, conversationId: string, bytes: Buffer): Promise<ChatAttachment> {
    const parties = await this.conversations.requireParties(user, conversationId);
    await this.messages.assertCanSend(user.id, parties.buyerId === user.id ? parties.sellerId : parties.buyerId);
    if (bytes.length > CHAT_ATTACHMENT_MAX_BYTES) throw tooLarge();
    const image = await normalise(bytes);
    const id = newId();
    const fileName = `${id}.webp`;
    await fs.promises.mkdir(this.dir, { recursive: true });
    await fs.promises.writeFile(path.join(this.dir, fileName), image.data);
    await insertAttachment(this.deps.db.db, {
      id,
      conversationId,
      uploaderId: user.id,
      fileName,
      contentType: 'image/webp',
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      messageId: null,
      createdAt: this.deps.clock.now(),
    });
    return { id, url: attachmentUrl(id), width: image.width, height: image.height };
  }

  /** The stored file, for the conversation's parties and admins; 404 for anyone else. */
  async open(user: AuthUser, id: string) {
    const db = this.deps.db.db;
    const attachment = await findAttachment(db, id);
    const conversation = attachment && (await findConversation(db, attachment.conversationId));
    if (!attachment || !conversation) throw notFound('Image not found');
    const reported = user.role === 'admin' && (await hasReport(db, 'conversation', conversation.id));
    if (!canViewAttachment(user, conversation, reported)) throw notFound('Image not found');
    // Before it is sent, only the uploader sees it.
    if (!attachment.messageId && attachment.uploaderId !== user.id) throw notFound('Image not found');
    return { file: path.join(this.dir, attachment.fileName), contentType: attachment.contentType };
  }

  async sweepUnsent() {
    const db = this.deps.db.db;
    const rows = await selectUnsentBefore(db, this.deps.clock.now() - UNSENT_TTL_MS);
    for (const r of rows) await fs.promises.rm(path.join(this.dir, r.fileName), { force: true });
    await deleteAttachments(
      db,
      rows.map((r) => r.id),
    );
    return rows.length;
  }
}

const tooLarge = () => new AppError(413, ERROR_CODES.payloadTooLarge, CHAT_MESSAGES.attachmentTooLarge);

/** The image type by its first bytes, whatever the declared type says. */
export function sniffImage(b: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Magic bytes, then a full decode that must agree with them, then a re-encode that drops metadata and trailing data. */
async function normalise(bytes: Buffer) {
  const notAnImage = () => badRequest(CHAT_MESSAGES.attachmentType, { file: CHAT_MESSAGES.attachmentType });
  const sniffed = sniffImage(bytes);
  if (!sniffed) throw notAnImage();
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  const meta = await image.metadata().catch(() => null);
  if (!meta || meta.format !== sniffed || !meta.width || !meta.height) throw notAnImage();
  try {
    const { data, info } = await image
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw notAnImage();
  }
}
