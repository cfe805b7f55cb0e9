import { Alert, Card, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ListingDetail } from '@accountry/shared/listing-detail';
import { listingKeys } from '../api/listings-api';
import { StarRating } from '../../../components/ui/star-rating';
import { SellerReviewForm } from '../../../components/reviews/seller-review-form';

/** On a sold listing: the buyer's review of the seller, or the form to write it. */
export function ReviewBox({ listing }: { listing: ListingDetail }) {
  const client = useQueryClient();
  const { mine, blocker } = listing.review;
  if (mine) {
    return (
      <Card withBorder component="section" aria-label="Your review">
        <Title order={3} size="h5">
          Your review of {listing.seller.displayName}
        </Title>
        <StarRating value={mine.rating} mt="xs" label={`${mine.rating} out of 5`} />
        <Text mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {mine.comment}
        </Text>
        {mine.reply && (
          <Alert mt="sm" variant="light" title="The seller answered">
            {mine.reply}
          </Alert>
        )}
      </Card>
    );
  }
  if (blocker) return null;
  return (
    <SellerReviewForm
      listingId={listing.id}
      section={{ 'aria-label': 'Rate the seller' }}
      ratingLabelId="review-rating-label"
      header={
        <>
          <Title order={3} size="h5">
            How was buying from {listing.seller.displayName}?
          </Title>
          <Text size="sm" c="dimmed">
            You bought this account and the order is completed: rate the seller once for it.
          </Text>
        </>
      }
      onReviewed={() => void client.invalidateQueries({ queryKey: listingKeys.detail(listing.id) })}
    />
  );
}
