import { Button, Group, Pill } from '@mantine/core';
import type { BrowseParams } from '../hooks/use-browse-params';
import { categoryLabel, platformLabel, regionLabel } from '../../../components/listings/listing-format';

/** The filters in force as removable pills. */
export function ActiveFilters({
  params,
  update,
  reset,
}: {
  params: BrowseParams;
  update: (p: Partial<BrowseParams>) => void;
  reset: () => void;
}) {
  const pills: Array<[string, Partial<BrowseParams>]> = [];
  if (params.q) pills.push([`“${params.q}”`, { q: '' }]);
  if (params.category) pills.push([categoryLabel(params.category), { category: '' }]);
  if (params.platform) pills.push([platformLabel(params.platform), { platform: '' }]);
  if (params.region) pills.push([regionLabel(params.region), { region: '' }]);
  if (params.min) pills.push([`From $${params.min}`, { min: '' }]);
  if (params.max) pills.push([`Up to $${params.max}`, { max: '' }]);
  if (params.minFollowers) pills.push([`${params.minFollowers}+ followers`, { minFollowers: '' }]);
  if (params.minItems) pills.push([`${params.minItems}+ items`, { minItems: '' }]);
  if (params.minAge) pills.push([`${params.minAge}+ months old`, { minAge: '' }]);
  if (params.verified) pills.push(['Verified', { verified: false }]);
  if (params.originalEmail) pills.push(['Original email', { originalEmail: false }]);
  if (params.twoFactorRemovable) pills.push(['2FA removable', { twoFactorRemovable: false }]);
  if (params.negotiable) pills.push(['Negotiable', { negotiable: false }]);
  if (!pills.length) return null;
  return (
    <Group gap="xs">
      {/* Only the pills are list items; "Clear all" sits beside the list. */}
      <Group gap="xs" aria-label="Active filters" role="list">
        {pills.map(([label, patch]) => (
          <Pill
            key={label}
            role="listitem"
            withRemoveButton
            onRemove={() => update(patch)}
            removeButtonProps={{ 'aria-label': `Remove filter ${label}` }}
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
