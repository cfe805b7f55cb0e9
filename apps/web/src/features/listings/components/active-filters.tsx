import { useRef } from 'react';
import { Button, Group, Pill } from '@mantine/core';
import { formatPrice } from '@accountry/shared/listing-attributes';
import { verifiedLabel, type BrowseParams } from '../lib/browse-params';
import { priceParamCents } from '@accountry/shared/browse-price-param';
import { categoryLabel, platformLabel, regionLabel } from '../../../components/listings/listing-format';

const price = (dollars: string) => formatPrice(priceParamCents(dollars), 'USD');

/** The filters in force as removable pills. */
export function ActiveFilters({
  params,
  remove,
  reset,
}: {
  params: BrowseParams;
  /** Removes a filter, the focus going to `next` (else the hook's own place): the used × goes with its pill. */
  remove: (p: Partial<BrowseParams>, next?: HTMLElement | null) => void;
  reset: () => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const pills: Array<[string, Partial<BrowseParams>]> = [];
  if (params.q) pills.push([`“${params.q}”`, { q: '' }]);
  if (params.category) pills.push([categoryLabel(params.category), { category: '' }]);
  if (params.platform) pills.push([platformLabel(params.platform), { platform: '' }]);
  if (params.region) pills.push([regionLabel(params.region), { region: '' }]);
  if (params.min) pills.push([`From ${price(params.min)}`, { min: '' }]);
  if (params.max) pills.push([`Up to ${price(params.max)}`, { max: '' }]);
  if (params.minFollowers) pills.push([`${params.minFollowers}+ followers`, { minFollowers: '' }]);
  if (params.minItems) pills.push([`${params.minItems}+ items`, { minItems: '' }]);
  if (params.minAge) pills.push([`${params.minAge}+ months old`, { minAge: '' }]);
  if (params.verified) pills.push([verifiedLabel(params.category), { verified: false }]);
  if (params.originalEmail) pills.push(['Original email', { originalEmail: false }]);
  if (params.twoFactorRemovable) pills.push(['2FA removable', { twoFactorRemovable: false }]);
  if (params.negotiable) pills.push(['Negotiable', { negotiable: false }]);
  if (!pills.length) return null;
  // The next pill's ×, which keeps its element (pills are keyed by label) once this one is gone.
  const nextRemove = (i: number) =>
    list.current?.querySelectorAll<HTMLElement>('[role="listitem"] button')[i + 1] ?? null;
  return (
    <Group gap="xs">
      {/* Only the pills are list items; "Clear all" sits beside the list. */}
      <Group gap="xs" aria-label="Active filters" role="list" ref={list}>
        {pills.map(([label, patch], i) => (
          <Pill
            key={label}
            role="listitem"
            withRemoveButton
            onRemove={() => remove(patch, nextRemove(i))}
            // Mantine leaves the × out of the tab order and the accessibility tree; here it is the way to remove a filter.
            removeButtonProps={{ 'aria-label': `Remove filter ${label}`, tabIndex: 0, 'aria-hidden': false }}
            size="md"
          >
            {label}
          </Pill>
        ))}
      </Group>
      <Button variant="subtle" size="compact-sm" onClick={reset}>
        Clear all
      </Button>
    </Group>
  );
}
