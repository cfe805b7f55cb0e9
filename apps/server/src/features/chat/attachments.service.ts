import fs from 'node:fs';
import path from 'node:path';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_MESSAGES, type ChatAttachment } from '@accountry/shared/chat';
import type { AppDeps } from '../../app';
import type { AuthUser } from '../../plugins/auth';
import { AppError, notFound, tooManyRequests } from '../../lib/app-error';
import { ERROR_CODES } from '@accountry/shared/api-error';
import { newId } from '../../lib/ids';
import { DISPLAY_VARIANT, reencodeImage } from '../../lib/images/image-processing';
import { PrivateImageFolder } from '../../lib/images/private-images';
import { hasReport } from '../../lib/reports';
import { canViewAttachment } from './chat.policy';
import { findConversation, type Db } from './conversations.repository';
import { withKeyLocks } from '../../db/key-lock';
import {
  deleteUnsentAttachment,
  findAttachment,
  insertAttachment,
  selectUnsentBefore,
  uploadedBytesSince,
} from './attachments.repository';
import type { ConversationsService } from './conversations.service';
import type { MessagesService } from './messages.service';
import { attachmentUrl } from './chat-message';
import { DAY_MS } from '@accountry/shared/durations';
import { walkInBatches } from '../../lib/walk-in-batches';

/** Uploads never sent with a message are removed after a day. */
const UNSENT_TTL_MS = DAY_MS;
/** Unsent uploads read at a time by the sweep. */
const UNSENT_BATCH = 200;

/**
 * Chat images: checked by decoding (magic bytes and a real image), re-encoded to WebP without metadata
 * (no GPS from phone photos), stored under privateUploadDir/chat (outside every public folder) and served only
 * through the API to the conversation's parties.
 */
export class AttachmentsService {
  readonly files: PrivateImageFolder;
  readonly dir: string;

  constructor(
    private readonly deps: AppDeps,
    private readonly conversations: ConversationsService,
    private readonly messages: MessagesService,
  ) {
    this.files = new PrivateImageFolder(deps.config.privateUploadDir, 'chat');
    this.dir = this.files.dir;
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
    // Refused before decoding when the day's allowance is already used up.
    await this.assertImageRoom(this.deps.db.db, user.id, 0);
    const image = await normalise(bytes, user.id);
    const id = newId();
    const fileName = await this.files.write(id, image.data);
    try {
      // Summed and inserted under the member's lock: uploads at once pass only while they fit together.
      await withKeyLocks(this.deps.db.db, [`chat-images-of:${user.id}`], async (trx) => {
        await this.assertImageRoom(trx, user.id, image.data.length);
        await insertAttachment(trx, {
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
      });
    } catch (err) {
      await this.files.remove(fileName).catch(() => undefined);
      throw err;
    }
    return { id, url: attachmentUrl(id), width: image.width, height: image.height };
  }

  /**
   * 429 when the member's images of the last 24 hours, sent or not, plus `adding` bytes pass the daily allowance
   * (decision 209): an image of noise is stored as 1-2 MB, and the upload rate alone let one account fill gigabytes.
   */
  private async assertImageRoom(db: Db, userId: string, adding: number) {
    const max = this.deps.config.quotas.chatImageBytesPerDay;
    const used = await uploadedBytesSince(db, userId, this.deps.clock.now() - DAY_MS);
    if (used >= max || used + adding > max) throw tooManyRequests(CHAT_MESSAGES.imagesPerDay(max));
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
    return { file: this.files.fileFor(attachment.fileName), contentType: attachment.contentType };
  }

  /**
   * Remove the uploads never sent, file first: walked past each one read (decision 241), so one whose file cannot be
   * removed is logged and kept for the next sweep, and holds back none. Answers how many went.
   */
  async sweepUnsent() {
    const db = this.deps.db.db;
    const cutoff = this.deps.clock.now() - UNSENT_TTL_MS;
    let removed = 0;
    await walkInBatches(
      UNSENT_BATCH,
      (after: { createdAt: number; id: string } | undefined) => selectUnsentBefore(db, cutoff, UNSENT_BATCH, after),
      async (r) => {
        // Claimed by deleting it while still unsent, so a send that took it meanwhile keeps it; the file goes in the
        // same transaction, so one that cannot be removed leaves its row for the next sweep.
        const swept = await db.transaction().execute(async (trx) => {
          if (!(await deleteUnsentAttachment(trx, r.id))) return false;
          await this.files.remove(r.fileName);
          return true;
        });
        if (swept) removed++;
      },
      (err, r) => this.deps.log.warn({ err, attachmentId: r.id }, 'unsent chat upload not removed; retried next sweep'),
    );
    return removed;
  }
}

const tooLarge = () => new AppError(413, ERROR_CODES.payloadTooLarge, CHAT_MESSAGES.attachmentTooLarge);

/** Checked and re-encoded by the core image module (magic bytes, a decode that agrees, WebP without metadata). */
async function normalise(bytes: Buffer, uploaderId: string) {
  const { full } = await reencodeImage(bytes, { full: DISPLAY_VARIANT }, CHAT_MESSAGES.attachmentType, uploaderId);
  return full;
}
