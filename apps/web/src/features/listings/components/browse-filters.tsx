import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { Select } from '../../../components/ui/select';
import {
  CATEGORY_LABELS,
  CATEGORY_PLATFORMS,
  LISTING_CATEGORIES,
  PLATFORMS,
  PLATFORM_LABELS,
  REGIONS,
  REGION_LABELS,
  type ListingCategory,
} from '@accountry/shared/listings';
import type { BrowseParams } from '../hooks/use-browse-params';
import { CommitNumberInput } from './commit-number-input';

interface Props {
  params: BrowseParams;
  update: (patch: Partial<BrowseParams>) => void;
  clear: () => void;
  activeCount: number;
  /** The shared schema's message when the minimum is above the maximum. */
  priceError?: string;
}

/** Category, platform, region, price and attribute filters; every change goes to the URL. */
export function BrowseFilters({ params, update, clear, activeCount, priceError }: Props) {
  const platforms = params.category ? CATEGORY_PLATFORMS[params.category as ListingCategory] : PLATFORMS;
  const showFollowers = !params.category || params.category === 'social' || params.category === 'other';
  const showItems = !params.category || params.category === 'game' || params.category === 'other';
  return (
    <Stack gap="md" component="form" aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <Select
        label="Category"
        placeholder="All categories"
        clearable
        value={params.category || null}
        data={LISTING_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
        onChange={(v) => update({ category: v ?? '' })}
      />
      <Select
        label="Platform or game"
        placeholder="All platforms"
        clearable
        searchable
        value={params.platform || null}
        data={platforms.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
        onChange={(v) => update({ platform: v ?? '' })}
      />
      <Select
        label="Region"
        placeholder="Any region"
        clearable
        value={params.region || null}
        data={REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
        onChange={(v) => update({ region: v ?? '' })}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="price-range-label">
          Price (USD)
        </Text>
        <Group grow gap="xs" role="group" aria-labelledby="price-range-label">
          <CommitNumberInput
            label="Min price"
            placeholder="Min"
            value={params.min}
            onCommit={(min) => update({ min })}
            prefix="$"
            error={priceError}
          />
          <CommitNumberInput
            label="Max price"
            placeholder="Max"
            value={params.max}
            onCommit={(max) => update({ max })}
            prefix="$"
            error={!!priceError}
          />
        </Group>
      </div>
      {showFollowers && (
        <CommitNumberInput
          label="Min followers"
          placeholder="Any"
          value={params.minFollowers}
          onCommit={(minFollowers) => update({ minFollowers })}
        />
      )}
      {showItems && (
        <CommitNumberInput
          label="Min items or skins"
          placeholder="Any"
          value={params.minItems}
          onCommit={(minItems) => update({ minItems })}
        />
      )}
      <CommitNumberInput
        label="Min account age (months)"
        placeholder="Any"
        value={params.minAge}
        onCommit={(minAge) => update({ minAge })}
      />
      <Stack gap="xs">
        <Checkbox
          label="Verified"
          checked={params.verified}
          onChange={(e) => update({ verified: e.currentTarget.checked })}
        />
        <Checkbox
          label="Original email included"
          checked={params.originalEmail}
          onChange={(e) => update({ originalEmail: e.currentTarget.checked })}
        />
        <Checkbox
          label="Two-factor can be removed"
          checked={params.twoFactorRemovable}
          onChange={(e) => update({ twoFactorRemovable: e.currentTarget.checked })}
        />
        <Checkbox
          label="Price negotiable"
          checked={params.negotiable}
          onChange={(e) => update({ negotiable: e.currentTarget.checked })}
        />
      </Stack>
      <Button variant="default" onClick={clear} disabled={activeCount === 0}>
        Clear filters
      </Button>
    </Stack>
  );
}
