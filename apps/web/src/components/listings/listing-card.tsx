import { Link } from 'react-router';
import { AspectRatio, Badge, Card, Skeleton } from '@mantine/core';
import { IconPhoto, IconRosetteDiscountCheck, IconShieldCheck } from '@tabler/icons-react';
import { attributeLabel, formatPrice } from '@accountry/shared/listing-attributes';
import type { ListingCard as Listing } from '@accountry/shared/listing-schemas';
import { categoryLabel, keyFacts, listingPath, platformLabel } from './listing-format';
import { FavoriteButton } from './favorite-button';
import { StatusBadge } from './status-badge';
import { protectionLabel } from '../orders/protection';
import css from './listing-card.module.css';

/** A listing in a grid: screenshot, platform, title, key facts and price; the title links to the detail page. */
export function ListingCard({ listing }: { listing: Listing }) {
  const to = listingPath(listing);
  const facts = keyFacts(listing);
  return (
    <article className={css.card} aria-label={listing.title}>
      <div className={css.media}>
        <Link to={to} tabIndex={-1} aria-hidden className={css.thumb}>
          {listing.thumbUrl ? (
            <img src={listing.thumbUrl} alt="" width={480} height={360} loading="lazy" decoding="async" />
          ) : (
            <span className={css.noThumb}>
              <IconPhoto color="gray" />
            </span>
          )}
        </Link>
        <div className={css.topRight}>
          <FavoriteButton
            listingId={listing.id}
            sellerId={listing.sellerId}
            title={listing.title}
            isFavorite={listing.isFavorite}
          />
        </div>
        {listing.status !== 'active' && (
          <div className={css.topLeft}>
            <StatusBadge status={listing.status} />
          </div>
        )}
        {listing.imageCount > 1 && (
          <Badge
            className={css.bottomRight}
            size="sm"
            color="dark"
            variant="filled"
            leftSection={<IconPhoto size={12} />}
            aria-label={`${listing.imageCount} screenshots`}
          >
            {listing.imageCount}
          </Badge>
        )}
      </div>
      <div className={css.body}>
        <div className={css.row}>
          <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
            {platformLabel(listing.platform)}
          </Badge>
          <p className={`${css.small} ${css.dimmed} ${css.truncate}`}>{categoryLabel(listing.category)}</p>
        </div>
        <Link to={to} className={`${css.title} user-text`}>
          {listing.title}
        </Link>
        {facts.length > 0 && <p className={`${css.small} ${css.dimmed} ${css.facts}`}>{facts.join(' · ')}</p>}
        {listing.verified && (
          // The account's own attribute, named as its category names it ("Phone or ID verified", "Verified badge").
          <div className={`${css.row} ${css.verified}`}>
            <IconRosetteDiscountCheck size={14} aria-hidden />
            <p className={css.small}>{attributeLabel(listing.category, 'verified')}</p>
          </div>
        )}
        {listing.protectionDays > 0 && (
          <div className={`${css.row} ${css.protection}`}>
            <IconShieldCheck size={14} aria-hidden />
            <p className={css.small}>{protectionLabel(listing.protectionDays)}</p>
          </div>
        )}
        <div className={css.footer}>
          <div className={css.priceBlock}>
            <p className={css.price}>{formatPrice(listing.priceCents, listing.currency)}</p>
            {listing.negotiable && <p className={`${css.small} ${css.negotiable}`}>Negotiable</p>}
          </div>
          <div className={`${css.row} ${css.seller}`}>
            <p className={`${css.small} ${css.dimmed} ${css.sellerName}`}>{listing.sellerName}</p>
          </div>
        </div>
      </div>
    </article>
  );
}

export function ListingCardSkeleton() {
  return (
    <Card withBorder padding="sm" radius="md" aria-hidden>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Skeleton radius={0} />
        </AspectRatio>
      </Card.Section>
      <Skeleton h={14} w="40%" mt="sm" />
      <Skeleton h={16} mt="xs" />
      <Skeleton h={16} w="70%" mt={6} />
      <Skeleton h={22} w="35%" mt="md" />
    </Card>
  );
}
