import { useId, useRef } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LISTING_REVIEW_MESSAGES, listingReviewRequestSchema } from '@accountry/shared/listing-review-requests';
import type { OwnListing } from '@accountry/shared/listing-schemas';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { formatDate } from '../../../lib/format-time';
import { toast } from '../../../lib/toast';
import { listingKeys, requestListingReview } from '../api/listings-api';
import { schemaProblem } from '../../../lib/forms';

const REVIEW_TEXTS = {
  ask: 'Fix what the reason names here and save, then ask a moderator to look at the listing again.',
  requested: (at: number) =>
    `Review requested on ${formatDate(at)}. A moderator will look at the listing; you will get an email with the answer.`,
  reviewedAsIs:
    'A moderator looked at the listing as it is and kept it hidden. Change what the reason names and save, then ask ' +
    'again.',
} as const;

/** The shared schema's message for a note the server would refuse, shown on the field before sending. */
const noteProblem = (note: string) => schemaProblem(listingReviewRequestSchema.shape.note, note);

/**
 * A hidden listing's editor: the moderator's reason, and the seller's way to ask for another look once it is fixed
 * (decision 259). One request waits at a time; a listing a moderator kept hidden as it is must change before the next.
 */
export function HiddenListingNotice({
  listing,
  unsaved,
  confirm,
}: {
  listing: OwnListing;
  /** The form holds changes not saved yet: a moderator would not see them. */
  unsaved: boolean;
  confirm: (o: ConfirmOptions) => void;
}) {
  const client = useQueryClient();
  const whyNot = useId();
  // Where the focus goes once the request is sent and its button is gone.
  const state = useRef<HTMLParagraphElement>(null);
  const ask = useMutation({
    // The version the page shows: a request on content changed since is refused (409), and the page reads it again.
    mutationFn: (note: string) =>
      requestListingReview(listing.id, { ...(note ? { note } : {}), contentVersion: listing.contentVersion }),
    onSuccess: async (saved) => {
      client.setQueryData(listingKeys.own(listing.id), saved);
      toast.success(LISTING_REVIEW_MESSAGES.requested);
      await Promise.all([
        client.invalidateQueries({ queryKey: listingKeys.own(listing.id) }),
        client.invalidateQueries({ queryKey: listingKeys.allMine }),
      ]);
    },
  });
  const requested = listing.reviewRequestedAt;
  const blocked = requested == null && listing.reviewedAsIs;
  const open = () => {
    if (blocked) return;
    confirm({
      title: 'Ask for a review',
      message:
        'A moderator looks at the listing as it is saved, then shows it to buyers again or tells you why it stays ' +
        'hidden.' +
        (unsaved
          ? ' Your changes on this page are not saved yet: save them first, or the moderator will not see them.'
          : ''),
      confirmLabel: 'Send',
      reason: {
        label: 'What did you change? (optional)',
        description: 'The moderator reads it with the listing. Up to 500 characters.',
        name: 'note',
        maxLength: 500,
        counter: true,
        check: noteProblem,
      },
      // The dialog shows a refusal (the listing changed, or was already asked about) and the page reads it again.
      onConfirm: (note) => ask.mutateAsync(note),
      returnFocusTo: () => state.current,
    });
  };
  return (
    // The moderator's reason may hold a pasted link: wrapped within a phone's screen.
    <Alert color="red" icon={<IconEyeOff />} title="Hidden by a moderator" className="user-text">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">Reason: {listing.hiddenReason ?? 'not given'}</Text>
        <Text size="sm" ref={state} tabIndex={-1} id={whyNot}>
          {requested != null
            ? REVIEW_TEXTS.requested(requested)
            : blocked
              ? REVIEW_TEXTS.reviewedAsIs
              : REVIEW_TEXTS.ask}
        </Text>
        {requested == null && (
          // Focusable while blocked, so the keyboard reaches it and a screen reader reads why it waits.
          <Button
            variant="default"
            size="sm"
            onClick={open}
            data-disabled={blocked || undefined}
            aria-disabled={blocked || undefined}
            aria-describedby={blocked ? whyNot : undefined}
          >
            Ask for a review
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
