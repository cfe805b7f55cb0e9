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
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { filterApplies, verifiedLabel, type BrowseParams, type NumberFilter } from '../lib/browse-params';
import { CommitNumberInput } from './commit-number-input';

interface Props {
  params: BrowseParams;
  update: (patch: Partial<BrowseParams>) => void;
  clear: () => void;
  activeCount: number;
  /** Why a number cannot be sent, by field (a reversed price range at the minimum, a limit). */
  errors: Partial<Record<NumberFilter, string>>;
}

/** Category, platform, region, price and attribute filters; every change goes to the URL. */
export function BrowseFilters({ params, update, clear, activeCount, errors }: Props) {
  const platforms = params.category ? CATEGORY_PLATFORMS[params.category as ListingCategory] : PLATFORMS;
  // The fields the category has, by the rule that reads the URL: a filter without its field is never in force.
  const has = (k: Parameters<typeof filterApplies>[1]) => filterApplies(params.category, k);
  const reversed = errors.min === LISTING_MESSAGES.priceRange;
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
            mode="money"
            error={errors.min}
          />
          <CommitNumberInput
            label="Max price"
            placeholder="Max"
            value={params.max}
            onCommit={(max) => update({ max })}
            prefix="$"
            mode="money"
            // A reversed range is said once, at the minimum; the maximum is marked with it.
            error={errors.max ?? reversed}
          />
        </Group>
      </div>
      {has('minFollowers') && (
        <CommitNumberInput
          label="Min followers"
          placeholder="Any"
          value={params.minFollowers}
          onCommit={(minFollowers) => update({ minFollowers })}
          error={errors.minFollowers}
        />
      )}
      {has('minItems') && (
        <CommitNumberInput
          label="Min items or skins"
          placeholder="Any"
          value={params.minItems}
          onCommit={(minItems) => update({ minItems })}
          error={errors.minItems}
        />
      )}
      <CommitNumberInput
        label="Min account age (months)"
        placeholder="Any"
        value={params.minAge}
        onCommit={(minAge) => update({ minAge })}
        error={errors.minAge}
      />
      <Stack gap="xs">
        {has('verified') && (
          <Checkbox
            label={verifiedLabel(params.category)}
            checked={params.verified}
            onChange={(e) => update({ verified: e.currentTarget.checked })}
          />
        )}
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
