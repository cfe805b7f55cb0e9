import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { engineOf, type Database } from './database';
import * as foundation from './migrations/2026-11-23T0400-foundation';
import * as conversationsAudit from './migrations/2026-11-23T0410-conversations-audit';
import * as authTokens from './migrations/2026-11-23T0500-auth-tokens';
import * as announcements from './migrations/2026-11-23T0510-announcements';
import * as traffic from './migrations/2026-11-23T0520-traffic';
import * as marketplace from './migrations/2026-11-23T0530-marketplace';
import * as chat from './migrations/2026-11-23T0540-chat';
import * as adminIndexes from './migrations/2026-11-23T0550-admin-indexes';
import * as mailDeliveryRateLimits from './migrations/2026-11-24T0300-mail-delivery-rate-limits';
import * as orders from './migrations/2026-11-24T0400-orders';
import * as browseFollowersIndex from './migrations/2026-11-24T0500-browse-followers-index';
import * as stripeRefunds from './migrations/2026-11-24T0700-stripe-refunds';
import * as systemMessages from './migrations/2026-11-25T0100-system-messages';
import * as listingImageBytes from './migrations/2026-11-25T0200-listing-image-bytes';
import * as socketLeases from './migrations/2026-11-25T0210-socket-leases';
import * as adminSearchTrigrams from './migrations/2026-11-25T0500-admin-search-trigrams';
import * as checkoutExpiryOwed from './migrations/2026-11-25T0600-checkout-expiry-owed';
import * as ordersListingBuyer from './migrations/2026-11-25T0700-orders-listing-buyer';
import * as trigramPendingLists from './migrations/2026-11-25T0800-trigram-pending-lists';
import * as messagesSenderTime from './migrations/2026-11-26T0300-messages-sender-time';
import * as adminListFilterIndexes from './migrations/2026-11-28T0400-admin-list-filter-indexes';
import * as deletedUsersCreatedOrder from './migrations/2026-11-28T1400-deleted-users-created-order';
import * as unreadMessageMail from './migrations/2026-11-29T1400-unread-message-mail';
import * as accountErasure from './migrations/2026-11-29T1500-account-erasure';
import * as emailChange from './migrations/2026-11-29T1600-email-change';
import * as savedSearches from './migrations/2026-11-29T1700-saved-searches';
import * as twoFactor from './migrations/2026-11-29T1800-two-factor';
import * as knownDevices from './migrations/2026-11-29T1900-known-devices';
import * as passkeys from './migrations/2026-11-29T2000-passkeys';
import * as payoutMethods from './migrations/2026-11-30T0100-payout-methods';
import * as twoFactorEmailCode from './migrations/2026-11-30T0200-two-factor-email-code';
import * as decidedPayoutsForgetDetails from './migrations/2026-11-30T0210-decided-payouts-forget-details';
import * as undoLinksByAddress from './migrations/2026-11-30T0300-undo-links-by-address';
import * as accountEvents from './migrations/2026-11-30T0400-account-events';
import * as offers from './migrations/2026-11-30T0500-offers';
import * as waitingIndexes from './migrations/2026-11-30T0600-waiting-indexes';
import * as credentialsCorrections from './migrations/2026-12-01T0100-credentials-corrections';
import * as chargebacks from './migrations/2026-12-01T0200-chargebacks';
import * as chargebackFees from './migrations/2026-12-02T0100-chargeback-fees';
import * as adminWaitingIndex from './migrations/2026-12-03T0100-admin-waiting-index';
import * as payoutReference from './migrations/2026-12-04T0100-payout-reference';
import * as chargebackRecovery from './migrations/2026-12-04T0200-chargeback-recovery';
import * as adminTaskMailPreference from './migrations/2026-12-04T0300-admin-task-mail-preference';
import * as oneOpenReport from './migrations/2026-12-04T0400-one-open-report';
import * as chargebacksToRecoverIndex from './migrations/2026-12-04T0500-chargebacks-to-recover-index';
import * as priceDropMail from './migrations/2026-12-05T0100-price-drop-mail';
import * as payoutReferenceKey from './migrations/2026-12-05T0200-payout-reference-key';
import * as sessionPublicIds from './migrations/2026-12-06T0100-session-public-ids';
import * as credentialRevealsLatest from './migrations/2026-12-06T0200-credential-reveals-latest';
import * as listingImagesThumbUrlIndex from './migrations/2026-12-06T0300-listing-images-thumb-url-index';
import * as chatAttachmentsUploaderIndex from './migrations/2026-12-06T0400-chat-attachments-uploader-index';
import * as messagesConversationSenderIndex from './migrations/2026-12-06T0500-messages-conversation-sender-index';
import * as stripeRefundRetries from './migrations/2026-12-06T0600-stripe-refund-retries';
import * as refusedRefundsSettled from './migrations/2026-12-06T0700-refused-refunds-settled';
import * as mailQueuePosition from './migrations/2026-12-06T0800-mail-queue-position';
import * as mailUnsubscribe from './migrations/2026-12-07T0100-mail-unsubscribe';
import * as screenshotUrlsOfTheApp from './migrations/2026-12-08T0100-screenshot-urls-of-the-app';
import * as passwordResetRequests from './migrations/2026-12-09T0100-password-reset-requests';
import * as conversationFirstMessages from './migrations/2026-12-10T0100-conversation-first-messages';
import * as checkoutRequests from './migrations/2026-12-11T0100-checkout-requests';
import * as payoutSending from './migrations/2026-12-12T0100-payout-sending';
import * as balanceCreditRequests from './migrations/2026-12-13T0100-balance-credit-requests';
import * as passkeyChallengeCodeChecked from './migrations/2026-12-14T0100-passkey-challenge-code-checked';
import * as browseMinimumIndexes from './migrations/2026-12-14T0200-browse-minimum-indexes';
import * as rateLimitMembers from './migrations/2026-12-14T0400-rate-limit-members';
import * as refundedPaymentDisputes from './migrations/2026-12-14T0500-refunded-payment-disputes';
import * as favoritesPriceHeard from './migrations/2026-12-14T0600-favorites-price-heard';
import * as mailOutboxSendingIndex from './migrations/2026-12-14T0700-mail-outbox-sending-index';
import * as listingsHiddenByClosing from './migrations/2026-12-15T0100-listings-hidden-by-closing';
import * as trafficSessionsWithoutMembers from './migrations/2026-12-15T0200-traffic-sessions-without-members';
import * as listingsPublicTitle from './migrations/2026-12-15T0300-listings-public-title';
import * as ordersListingThumb from './migrations/2026-12-15T0400-orders-listing-thumb';
import * as listingsContentVersion from './migrations/2026-12-16T0100-listings-content-version';
import * as listingsCreateRequest from './migrations/2026-12-16T0200-listings-create-request';
import * as listingReviewRequests from './migrations/2026-12-17T0100-listing-review-requests';

/** Every migration, in order. Append new dated migrations here; never edit a landed one. */
const migrations: Record<string, Migration> = {
  '2026-11-23T0400-foundation': foundation,
  '2026-11-23T0410-conversations-audit': conversationsAudit,
  '2026-11-23T0500-auth-tokens': authTokens,
  '2026-11-23T0510-announcements': announcements,
  '2026-11-23T0520-traffic': traffic,
  '2026-11-23T0530-marketplace': marketplace,
  '2026-11-23T0540-chat': chat,
  '2026-11-23T0550-admin-indexes': adminIndexes,
  '2026-11-24T0300-mail-delivery-rate-limits': mailDeliveryRateLimits,
  '2026-11-24T0400-orders': orders,
  '2026-11-24T0500-browse-followers-index': browseFollowersIndex,
  '2026-11-24T0700-stripe-refunds': stripeRefunds,
  '2026-11-25T0100-system-messages': systemMessages,
  '2026-11-25T0200-listing-image-bytes': listingImageBytes,
  '2026-11-25T0210-socket-leases': socketLeases,
  '2026-11-25T0500-admin-search-trigrams': adminSearchTrigrams,
  '2026-11-25T0600-checkout-expiry-owed': checkoutExpiryOwed,
  '2026-11-25T0700-orders-listing-buyer': ordersListingBuyer,
  '2026-11-25T0800-trigram-pending-lists': trigramPendingLists,
  '2026-11-26T0300-messages-sender-time': messagesSenderTime,
  '2026-11-28T0400-admin-list-filter-indexes': adminListFilterIndexes,
  '2026-11-28T1400-deleted-users-created-order': deletedUsersCreatedOrder,
  '2026-11-29T1400-unread-message-mail': unreadMessageMail,
  '2026-11-29T1500-account-erasure': accountErasure,
  '2026-11-29T1600-email-change': emailChange,
  '2026-11-29T1700-saved-searches': savedSearches,
  '2026-11-29T1800-two-factor': twoFactor,
  '2026-11-29T1900-known-devices': knownDevices,
  '2026-11-29T2000-passkeys': passkeys,
  '2026-11-30T0100-payout-methods': payoutMethods,
  '2026-11-30T0200-two-factor-email-code': twoFactorEmailCode,
  '2026-11-30T0210-decided-payouts-forget-details': decidedPayoutsForgetDetails,
  '2026-11-30T0300-undo-links-by-address': undoLinksByAddress,
  '2026-11-30T0400-account-events': accountEvents,
  '2026-11-30T0500-offers': offers,
  '2026-11-30T0600-waiting-indexes': waitingIndexes,
  '2026-12-01T0100-credentials-corrections': credentialsCorrections,
  '2026-12-01T0200-chargebacks': chargebacks,
  '2026-12-02T0100-chargeback-fees': chargebackFees,
  '2026-12-03T0100-admin-waiting-index': adminWaitingIndex,
  '2026-12-04T0100-payout-reference': payoutReference,
  '2026-12-04T0200-chargeback-recovery': chargebackRecovery,
  '2026-12-04T0300-admin-task-mail-preference': adminTaskMailPreference,
  '2026-12-04T0400-one-open-report': oneOpenReport,
  '2026-12-04T0500-chargebacks-to-recover-index': chargebacksToRecoverIndex,
  '2026-12-05T0100-price-drop-mail': priceDropMail,
  '2026-12-05T0200-payout-reference-key': payoutReferenceKey,
  '2026-12-06T0100-session-public-ids': sessionPublicIds,
  '2026-12-06T0200-credential-reveals-latest': credentialRevealsLatest,
  '2026-12-06T0300-listing-images-thumb-url-index': listingImagesThumbUrlIndex,
  '2026-12-06T0400-chat-attachments-uploader-index': chatAttachmentsUploaderIndex,
  '2026-12-06T0500-messages-conversation-sender-index': messagesConversationSenderIndex,
  '2026-12-06T0600-stripe-refund-retries': stripeRefundRetries,
  '2026-12-06T0700-refused-refunds-settled': refusedRefundsSettled,
  '2026-12-06T0800-mail-queue-position': mailQueuePosition,
  '2026-12-07T0100-mail-unsubscribe': mailUnsubscribe,
  '2026-12-08T0100-screenshot-urls-of-the-app': screenshotUrlsOfTheApp,
  '2026-12-09T0100-password-reset-requests': passwordResetRequests,
  '2026-12-10T0100-conversation-first-messages': conversationFirstMessages,
  '2026-12-11T0100-checkout-requests': checkoutRequests,
  '2026-12-12T0100-payout-sending': payoutSending,
  '2026-12-13T0100-balance-credit-requests': balanceCreditRequests,
  '2026-12-14T0100-passkey-challenge-code-checked': passkeyChallengeCodeChecked,
  '2026-12-14T0200-browse-minimum-indexes': browseMinimumIndexes,
  '2026-12-14T0400-rate-limit-members': rateLimitMembers,
  '2026-12-14T0500-refunded-payment-disputes': refundedPaymentDisputes,
  '2026-12-14T0600-favorites-price-heard': favoritesPriceHeard,
  '2026-12-14T0700-mail-outbox-sending-index': mailOutboxSendingIndex,
  '2026-12-15T0100-listings-hidden-by-closing': listingsHiddenByClosing,
  '2026-12-15T0200-traffic-sessions-without-members': trafficSessionsWithoutMembers,
  '2026-12-15T0300-listings-public-title': listingsPublicTitle,
  '2026-12-15T0400-orders-listing-thumb': ordersListingThumb,
  '2026-12-16T0100-listings-content-version': listingsContentVersion,
  '2026-12-16T0200-listings-create-request': listingsCreateRequest,
  '2026-12-17T0100-listing-review-requests': listingReviewRequests,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * PostgreSQL: the schema the connection creates tables in (its search_path's first existing schema). Kysely looks for
 * its bookkeeping tables in every schema unless told which, so another schema's (another app using Kysely, a second
 * deployment, a test's) would hide that this one has none yet.
 */
async function migrationSchema(db: Database) {
  if (engineOf(db) !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema)
    throw new Error('The PostgreSQL search_path names no schema that exists: create it or fix DATABASE_URL.');
  return schema;
}

/** Run pending migrations; Kysely's lock table keeps concurrent processes from racing. */
export async function migrateToLatest(db: Database) {
  const schema = await migrationSchema(db);
  const migrator = new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`);
  }
  return results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
}
