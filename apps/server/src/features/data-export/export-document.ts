import { DATA_EXPORT_FORMAT, DATA_EXPORT_LEFT_OUT } from '@accountry/shared/data-export';
import type { Database } from '../../db/database';
import { accountSection, listingsSection, securityActivitySection } from './export-account';
import { conversationsSection } from './export-chats';
import { whole, type Chunks } from './export-json';
import {
  blockedMembersSection,
  favoritesSection,
  feedbackSection,
  reportsSection,
  reviewsSection,
  savedSearchesSection,
} from './export-lists';
import { ordersSection, walletSection } from './export-orders';
import { offersSection } from './export-offers';
import type { ExportRun } from './export-run';
import { isoTime } from './export-values';

/** How to read the file, at its top. */
const ABOUT = {
  you: '"you" is the account holder; other members appear by their display name only.',
  times: 'Times are in UTC (ISO 8601, ending in Z).',
  amounts: 'Amounts ending in "Cents" are in cents of the currency given beside them: 1250 is 12.50.',
  codes: 'Fields ending in "Label" say in words what the code beside them means.',
  links: 'Links to photos, chat attachments and dispute evidence open while you are signed in.',
};

/**
 * The member's data as one JSON document, written as it is read (decision 179): the small sections whole, chats,
 * orders and wallet entries an item or a page at a time, so a long history is never held in memory at once.
 */
export async function* exportDocument(db: Database, r: ExportRun): AsyncGenerator<string> {
  const sections: Array<[name: string, value: () => Chunks]> = [
    ['format', () => whole(DATA_EXPORT_FORMAT)],
    ['exportedAt', () => whole(isoTime(r.now))],
    ['about', () => whole(ABOUT)],
    ['notIncluded', () => whole(DATA_EXPORT_LEFT_OUT)],
    ['account', () => whole(accountSection(db, r))],
    ['securityActivity', () => whole(securityActivitySection(db, r))],
    ['listings', () => whole(listingsSection(db, r))],
    ['favorites', () => whole(favoritesSection(db, r))],
    ['savedSearches', () => whole(savedSearchesSection(db, r))],
    ['conversations', () => conversationsSection(db, r)],
    ['orders', () => ordersSection(db, r)],
    ['offers', () => whole(offersSection(db, r))],
    ['reviews', () => whole(reviewsSection(db, r))],
    ['wallet', () => walletSection(db, r)],
    ['reports', () => whole(reportsSection(db, r))],
    ['feedback', () => whole(feedbackSection(db, r))],
    ['blockedMembers', () => whole(blockedMembersSection(db, r))],
  ];
  for (const [i, [name, value]] of sections.entries()) {
    yield `${i === 0 ? '{' : ','}\n  ${JSON.stringify(name)}: `;
    yield* value();
  }
  yield '\n}\n';
}
