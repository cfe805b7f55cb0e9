import { lazy, Suspense, useState, type KeyboardEvent } from 'react';
import { TextInput, type ComboboxItem, type SelectProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

// Mantine's Select brings its combobox, scroll area and floating positioning (~40 kB): it loads when someone first
// reaches for a select (focus, click or key), so a page a visitor only reads never downloads it (decision 135).
let loaded = false;
const MantineSelect = lazy(() =>
  import('./select-impl').then((module) => {
    loaded = true;
    return module;
  }),
);

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

type Reach = 'focus' | 'open';
const OPENING_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Mantine's Select, loaded on first use. Until then a look-alike with the same role, name and value stands in; the
 * first focus, click or opening key swaps in the real one, focused, and open when it was clicked or opened by key.
 */
export function Select(props: SelectProps) {
  const [reached, setReached] = useState<Reach | null>(null);
  const reach = (how: Reach) => setReached((was) => (was === 'open' ? was : how));
  const standIn = (
    <TextInput
      role="combobox"
      aria-expanded={false}
      aria-haspopup="listbox"
      aria-label={props['aria-label']}
      label={props.label}
      placeholder={props.placeholder}
      description={props.description}
      error={props.error}
      withAsterisk={props.withAsterisk ?? props.required}
      w={props.w}
      size={props.size}
      value={selectedLabel(props)}
      rightSection={<IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      readOnly
      disabled={props.disabled}
      onFocus={() => reach('focus')}
      onPointerDown={() => reach('open')}
      onKeyDown={(e: KeyboardEvent) => OPENING_KEYS.has(e.key) && reach('open')}
    />
  );
  if (!loaded && reached === null) return standIn;
  return (
    <Suspense fallback={standIn}>
      <MantineSelect
        {...props}
        autoFocus={reached !== null || props.autoFocus}
        defaultDropdownOpened={reached === 'open' || props.defaultDropdownOpened}
      />
    </Suspense>
  );
}
