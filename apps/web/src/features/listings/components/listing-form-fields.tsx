import { Group, Select, SimpleGrid, Switch, Text, TextInput, Textarea } from '@mantine/core';
import {
  CATEGORY_LABELS,
  CATEGORY_PLATFORMS,
  DELIVERY_METHODS,
  DELIVERY_METHOD_LABELS,
  DELIVERY_TIMES,
  DELIVERY_TIME_LABELS,
  DESCRIPTION_MAX,
  LISTING_CATEGORIES,
  PLATFORM_LABELS,
  REGIONS,
  REGION_LABELS,
  TITLE_MAX,
  platformFitsCategory,
  type DeliveryMethod,
  type ListingCategory,
  type Platform,
} from '@accountry/shared/listings';
import { DEFAULT_PROTECTION_DAYS, PROTECTION_PERIODS, sellerShareCents } from '@accountry/shared/order-state';
import { DELIVERY_DEADLINE_NOTES } from '@accountry/shared/delivery-deadline';
import { errorFor, type ListingFormState } from './listing-form-state';
import { MoneyInput } from '../../../components/ui/money-input';
import { usePlatformFee } from '../../../components/orders/fees';
import { formatPrice } from '@accountry/shared/listing-attributes';

/** What the seller keeps of the price typed, so they price knowing it. */
function feeNote(price: number | string, fee: number | undefined) {
  if (fee === undefined) return undefined;
  const cents = Math.round(Number(price) * 100);
  if (!Number.isFinite(cents) || cents <= 0) return `Accountry keeps ${fee}% of the price when a sale completes.`;
  const share = sellerShareCents({ priceCents: cents, refundedCents: 0, feeCents: null }, fee);
  return `You receive ${formatPrice(share, 'USD')} after Accountry's ${fee}% fee.`;
}

const protectionOption = (d: number) => (d === 0 ? 'None' : `${d} days`);

interface Props {
  values: ListingFormState;
  errors: Record<string, string>;
  set: <K extends keyof ListingFormState>(key: K, value: ListingFormState[K]) => void;
  disabled?: boolean;
}

/** Title, category, platform, region, price, delivery and description, with each field's error beside it. */
export function ListingFormFields({ values, errors, set, disabled }: Props) {
  const platforms = values.category ? CATEGORY_PLATFORMS[values.category] : [];
  const e = (k: keyof ListingFormState) => errorFor(errors, k);
  const fee = usePlatformFee();
  return (
    <>
      <TextInput
        label="Title"
        required
        maxLength={TITLE_MAX}
        placeholder="e.g. Immortal Valorant, 120 skins"
        value={values.title}
        onChange={(ev) => set('title', ev.currentTarget.value)}
        error={e('title')}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label="Category"
          required
          placeholder="Choose"
          value={values.category || null}
          error={e('category')}
          disabled={disabled}
          data={LISTING_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
          onChange={(v) => {
            const category = (v ?? '') as ListingCategory | '';
            set('category', category);
            if (category && values.platform && !platformFitsCategory(values.platform as Platform, category))
              set('platform', '');
          }}
        />
        <Select
          label="Platform or game"
          required
          searchable
          placeholder={values.category ? 'Choose' : 'Choose a category first'}
          value={values.platform || null}
          error={e('platform')}
          disabled={disabled || !values.category}
          data={platforms.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
          onChange={(v) => set('platform', v ?? '')}
        />
        <Select
          label="Region or server"
          required
          searchable
          placeholder="Choose"
          value={values.region || null}
          error={e('region')}
          disabled={disabled}
          data={REGIONS.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
          onChange={(v) => set('region', v ?? '')}
        />
      </SimpleGrid>
      <Group align="flex-end" gap="lg">
        <MoneyInput
          currency="USD"
          label="Price (USD)"
          required
          min={1}
          max={100000}
          value={values.price}
          onChange={(v) => set('price', v)}
          description={feeNote(values.price, fee)}
          error={e('price')}
          disabled={disabled}
          w={200}
        />
        <Switch
          label="Price negotiable"
          checked={values.negotiable}
          onChange={(ev) => set('negotiable', ev.currentTarget.checked)}
          disabled={disabled}
          mb={8}
        />
      </Group>
      {/* Inputs level at the bottom: the delivery time's description sits above its input, as every field's does. */}
      <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ alignItems: 'end' }}>
        <div>
          <Select
            label="Delivery method"
            required
            value={values.deliveryMethod || null}
            error={e('deliveryMethod')}
            disabled={disabled}
            data={DELIVERY_METHODS.map((d) => ({ value: d, label: DELIVERY_METHOD_LABELS[d] }))}
            onChange={(v) => set('deliveryMethod', v ?? '')}
          />
          {/* A phone's field cuts the longer methods: the chosen one is shown whole under it (the field reads it). */}
          {values.deliveryMethod && (
            <Text size="xs" c="dimmed" mt={4} hiddenFrom="sm" aria-hidden>
              {DELIVERY_METHOD_LABELS[values.deliveryMethod as DeliveryMethod]}
            </Text>
          )}
        </div>
        <Select
          label="Delivery time"
          required
          description={DELIVERY_DEADLINE_NOTES.seller(values.deliveryTime)}
          value={values.deliveryTime || null}
          error={e('deliveryTime')}
          disabled={disabled}
          data={DELIVERY_TIMES.map((d) => ({ value: d, label: DELIVERY_TIME_LABELS[d] }))}
          onChange={(v) => set('deliveryTime', v ?? '')}
        />
      </SimpleGrid>
      <Select
        label="Protection period"
        description="After the buyer accepts, they may still report lost access this long; you are paid when it ends."
        placeholder={
          values.category
            ? `${protectionOption(DEFAULT_PROTECTION_DAYS[values.category])} (category default)`
            : 'Category default'
        }
        clearable
        value={values.protectionDays || null}
        error={e('protectionDays')}
        disabled={disabled}
        data={PROTECTION_PERIODS.map((d) => ({ value: String(d), label: protectionOption(d) }))}
        onChange={(v) => set('protectionDays', v ?? '')}
        maw={{ base: '100%', sm: 420 }}
      />
      <div>
        <Textarea
          label="Description"
          required
          autosize
          minRows={5}
          maxRows={16}
          maxLength={DESCRIPTION_MAX}
          value={values.description}
          description="Plain text. Say what is included, the account's history and how the handover works."
          onChange={(ev) => set('description', ev.currentTarget.value)}
          error={e('description')}
          disabled={disabled}
        />
        <Text size="xs" c="dimmed" ta="right">
          {values.description.length} / {DESCRIPTION_MAX}
        </Text>
      </div>
    </>
  );
}
