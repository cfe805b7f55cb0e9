import { DATA_EXPORT_FORMAT, DATA_EXPORT_LEFT_OUT } from '@accountry/shared/data-export';
import type { Database } from '../../db/database';
import { accountSection, listingsSection, securityActivitySection } from './export-account';
import { conversationsSection } from './export-chats';
import {
  blockedMembersSection,
  favoritesSection,
  feedbackSection,
  reportsSection,
  reviewsSection,
  savedSearchesSection,
} from './export-lists';
import { ordersSection, walletSection } from './export-orders';
import { isoTime } from './export-values';

export interface ExportRequest {
  userId: string;
  sessionId: string | null;
  now: number;
  publicUrl: string;
}

type Section = [name: string, value: () => Promise<unknown> | AsyncIterable<unknown>];

/**
 * The member's data as one JSON document, written a part at a time (decision 179): the small sections whole, chats
 * and orders one conversation or order at a time, so a long history is never held in memory at once.
 */
export async function* exportDocument(db: Database, r: ExportRequest): AsyncGenerator<string> {
  const sections: Section[] = [
    ['format', async () => DATA_EXPORT_FORMAT],
    ['exportedAt', async () => isoTime(r.now)],
    ['notIncluded', async () => DATA_EXPORT_LEFT_OUT],
    ['account', () => accountSection(db, r.userId, r.sessionId)],
    ['securityActivity', () => securityActivitySection(db, r.userId, r.now)],
    ['listings', () => listingsSection(db, r.userId, r.publicUrl)],
    ['favorites', () => favoritesSection(db, r.userId)],
    ['savedSearches', () => savedSearchesSection(db, r.userId)],
    ['conversations', () => conversationsSection(db, r.userId, r.publicUrl)],
    ['orders', () => ordersSection(db, r.userId, r.publicUrl)],
    ['reviews', () => reviewsSection(db, r.userId)],
    ['wallet', () => walletSection(db, r.userId)],
    ['reports', () => reportsSection(db, r.userId)],
    ['feedback', () => feedbackSection(db, r.userId)],
    ['blockedMembers', () => blockedMembersSection(db, r.userId)],
  ];
  for (const [i, [name, read]] of sections.entries()) {
    yield `${i === 0 ? '{' : ','}\n${JSON.stringify(name)}:`;
    const value = read();
    if (!(Symbol.asyncIterator in value)) {
      yield JSON.stringify(await value);
      continue;
    }
    let first = true;
    for await (const item of value) {
      yield `${first ? '[' : ','}\n${JSON.stringify(item)}`;
      first = false;
    }
    yield first ? '[]' : '\n]';
  }
  yield '\n}\n';
}
