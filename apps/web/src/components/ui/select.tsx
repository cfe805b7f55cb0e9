import { lazy, Suspense } from 'react';
import { TextInput, type ComboboxItem, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

// Mantine's Select brings its combobox, scroll area and floating positioning (~35 kB gzip): a page that shows one
// loads it right after the first paint instead of in the first download.
const MantineSelect = lazy(() => import('./select-impl'));

function selectedLabel({ value, defaultValue, data }: SelectProps) {
  const chosen = value ?? defaultValue;
  if (chosen == null) return '';
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === chosen) return item;
    } else if ('value' in item && (item as ComboboxItem).value === chosen) return (item as ComboboxItem).label;
  }
  return '';
}

/** Mantine's Select, loaded on demand; until it arrives a disabled look-alike holds its place, name and value. */
export function Select(props: SelectProps) {
  const fallback = (
    <TextInput
      role="combobox"
      aria-expanded={false}
      aria-label={props['aria-label']}
      label={props.label}
      placeholder={props.placeholder}
      description={props.description}
      w={props.w}
      size={props.size}
      value={selectedLabel(props)}
      rightSection={<IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      readOnly
      disabled
    />
  );
  return (
    <Suspense fallback={fallback}>
      <MantineSelect {...props} />
    </Suspense>
  );
}
