import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff, IconLock, IconTrash } from '@tabler/icons-react';
import { hideListingInputSchema, statusAfterUnhide, type AdminListing } from '@accountry/shared/admin-listings';
import type { ListingStatus } from '@accountry/shared/listings';
import {
  LISTING_REVIEW_MESSAGES,
  declineListingReviewSchema,
  type DeclineListingReview,
} from '@accountry/shared/listing-review-requests';
import { adminApi, shownInDialog, useAdminAction } from '../api/admin-api';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { rowByKey } from '../../../lib/focus-targets';
import { deleteListingText } from '../lib/delete-listing-text';
import { schemaProblem } from '../../../lib/forms';

/** Where an unhidden listing goes, by the status it had before it was hidden: in words, not the status's name. */
const UNHIDDEN: Record<Exclude<ListingStatus, 'hidden'>, string> = {
  active: 'goes back on sale, visible to everyone as before.',
  reserved: 'is visible again, still reserved as before.',
  sold: 'is visible again, still marked sold.',
  draft: "goes back to its seller's drafts: only the seller sees it until they publish it.",
};

/** The shared schema's message for a reason the server would refuse, shown on the field before sending. */
const hideReasonProblem = (reason: string) => schemaProblem(hideListingInputSchema, { reason });

/** The shared schema's message for a reason to keep a listing hidden that the server would refuse. */
const keepReasonSchema = declineListingReviewSchema.pick({ reason: true });
const keepReasonProblem = (reason: string) => schemaProblem(keepReasonSchema, { reason });

/**
 * Hide (with a reason the seller sees), unhide and delete one listing, each through the page's confirmation dialog;
 * a hidden listing whose seller asked for another look is unhidden or kept hidden with a new reason (decision 259).
 */
export function ListingActions({ listing, ask }: { listing: AdminListing; ask: (o: ConfirmOptions) => void }) {
  if (listing.deletedAt != null) return null;
  return <LiveListingActions listing={listing} ask={ask} />;
}

function LiveListingActions({ listing, ask }: { listing: AdminListing; ask: (o: ConfirmOptions) => void }) {
  const hide = useAdminAction(
    (reason: string) => adminApi.hideListing(listing.id, reason),
    'The listing is hidden.',
    shownInDialog,
  );
  const backTo = listing.status === 'hidden' ? statusAfterUnhide(listing.statusBeforeHidden) : null;
  const unhide = useAdminAction(
    () => adminApi.unhideListing(listing.id),
    backTo === 'draft' ? "The listing is back in its seller's drafts." : 'The listing is visible again.',
    shownInDialog,
  );
  const keep = useAdminAction(
    (input: DeclineListingReview) => adminApi.declineListingReview(listing.id, input),
    LISTING_REVIEW_MESSAGES.kept,
    shownInDialog,
  );
  const remove = useAdminAction(
    (reason: string) => adminApi.deleteListing(listing.id, reason),
    'The listing was deleted.',
    shownInDialog,
  );
  const title = `“${listing.title}”`;
  // The menu's button comes back unless the listing was deleted (no actions left): then its row.
  const returnFocusTo = () => rowByKey(listing.id);

  const askHide = () =>
    ask({
      title: 'Hide listing',
      message: `${title} will be hidden from everyone but its seller and admins. The seller sees your reason.`,
      confirmLabel: 'Hide listing',
      danger: true,
      reason: {
        label: 'Reason shown to the seller',
        required: true,
        check: hideReasonProblem,
        placeholder: 'e.g. The screenshots do not match the description.',
      },
      onConfirm: (reason) => hide.mutateAsync(reason),
      returnFocusTo,
    });
  const askUnhide = () =>
    ask({
      title: 'Unhide listing',
      message: `${title} ${UNHIDDEN[backTo ?? 'active']}`,
      confirmLabel: 'Unhide listing',
      onConfirm: () => unhide.mutateAsync(undefined),
      returnFocusTo,
    });
  // On the content the row showed when the dialog opened (this render's listing): a change the seller saved since
  // answers 409 (the list is read again), and confirming again in the same dialog does not take it as looked at.
  const askKeep = () =>
    ask({
      title: 'Keep listing hidden',
      message:
        `${title} stays hidden. Its seller sees your reason in place of the one before, and can change the listing ` +
        'and ask again.',
      confirmLabel: 'Keep hidden',
      reason: {
        label: 'Reason shown to the seller',
        required: true,
        check: keepReasonProblem,
        placeholder: 'e.g. The screenshots still show another account.',
      },
      onConfirm: (reason) => keep.mutateAsync({ reason, contentVersion: listing.contentVersion }),
      returnFocusTo,
    });
  const askDelete = () =>
    ask({
      title: 'Delete listing',
      message: deleteListingText(listing),
      confirmLabel: 'Delete listing',
      danger: true,
      reason: { label: 'Reason (kept in the audit log)' },
      onConfirm: (reason) => remove.mutateAsync(reason),
      returnFocusTo,
    });

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${listing.title}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {listing.status === 'hidden' ? (
          <>
            <Menu.Item
              leftSection={<IconEye size={16} />}
              onClick={askUnhide}
              disabled={listing.sellerDeleted || listing.sellerDisabled}
            >
              Unhide
            </Menu.Item>
            {listing.reviewRequestedAt != null && (
              <Menu.Item leftSection={<IconLock size={16} />} onClick={askKeep}>
                Keep hidden
              </Menu.Item>
            )}
          </>
        ) : (
          <Menu.Item leftSection={<IconEyeOff size={16} />} onClick={askHide}>
            Hide
          </Menu.Item>
        )}
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={askDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
