import { Checkbox, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CATEGORY_ATTRIBUTES, FLAG_ATTRIBUTES, type AttributeKey } from '@accountry/shared/listing-attributes';
import type { ListingCategory } from '@accountry/shared/listings';
import type { ListingFormState } from './listing-form-state';
import { wholeDigits } from './commit-number-input';

interface Props {
  category: ListingCategory;
  values: ListingFormState;
  errors: Record<string, string>;
  set: <K extends keyof ListingFormState>(key: K, value: ListingFormState[K]) => void;
  disabled?: boolean;
}

/** The key attributes that apply to the chosen category, labelled for it. */
export function AttributeFields({ category, values, errors, set, disabled }: Props) {
  const rules = CATEGORY_ATTRIBUTES[category];
  const keys = Object.keys(rules) as AttributeKey[];
  const flags = keys.filter((k) => (FLAG_ATTRIBUTES as readonly string[]).includes(k)) as Array<
    (typeof FLAG_ATTRIBUTES)[number]
  >;
  const fields = keys.filter((k) => !flags.includes(k as never));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map((key) => {
          const rule = rules[key]!;
          if (key === 'level') {
            return (
              <TextInput
                key={key}
                label={rule.label}
                description={rule.hint}
                maxLength={40}
                value={values.level}
                onChange={(e) => set('level', e.currentTarget.value)}
                error={errors.level}
                disabled={disabled}
              />
            );
          }
          if (key === 'engagementRate') {
            return (
              <NumberInput
                key={key}
                label={rule.label}
                description={rule.hint}
                required={rule.required}
                value={values.engagementRate}
                onChange={(v) => set('engagementRate', v)}
                error={errors.engagementRate}
                min={0}
                max={100}
                decimalScale={1}
                suffix="%"
                disabled={disabled}
              />
            );
          }
          const k = key as 'itemsCount' | 'followers' | 'accountAgeMonths';
          // Whole numbers: a text input with the phone's digit keypad (NumberInput always asks for the decimal one).
          return (
            <TextInput
              key={key}
              label={rule.label}
              description={rule.hint}
              required={rule.required}
              inputMode="numeric"
              autoComplete="off"
              value={String(values[k])}
              onChange={(e) => set(k, wholeDigits(e.currentTarget.value))}
              error={errors[k]}
              disabled={disabled}
            />
          );
        })}
      </SimpleGrid>
      <Stack gap="xs">
        {flags.map((key) => (
          <Checkbox
            key={key}
            label={rules[key]!.label}
            checked={values[key]}
            onChange={(e) => set(key, e.currentTarget.checked)}
            error={errors[key]}
            disabled={disabled}
          />
        ))}
      </Stack>
    </Stack>
  );
}
