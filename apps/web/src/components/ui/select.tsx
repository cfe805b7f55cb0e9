import {
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
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

/** What the stand-in held when the real select replaced it: its caret and, in a searchable select, the typed text. */
interface Handover {
  typed: string | null;
  start: number | null;
  end: number | null;
}

/** Writes text into a React-controlled input as typing would, so the input's onChange sees it. */
function typeInto(input: HTMLInputElement, text: string) {
  // Through the element's own value property first: React then sees the typed text as a change, not as its last value.
  input.value = '';
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Rendered beside the real select, so it runs when the real select is in the page: focus moves to it in the same
 * commit that removed the focused stand-in (no moment on <body>), then the typed text and caret come back.
 */
function FocusHandover({
  id,
  handover,
  onDone,
}: {
  id: string;
  handover: RefObject<Handover | null>;
  onDone: () => void;
}) {
  useLayoutEffect(() => {
    const input = document.getElementById(id);
    // Focus left the stand-in (its blur cleared the handover), or went somewhere else meanwhile: leave focus alone.
    const active = document.activeElement;
    if (!handover.current || !(input instanceof HTMLInputElement) || (active && active !== document.body)) {
      handover.current = null;
      return;
    }
    input.focus({ preventScroll: true });
  }, [id, handover]);
  // After the real select's own mount effects, which reset its search text to the chosen option's label.
  useEffect(() => {
    const held = handover.current;
    handover.current = null;
    const input = document.getElementById(id);
    if (!held || !(input instanceof HTMLInputElement) || document.activeElement !== input) return;
    if (held.typed !== null && !input.readOnly) typeInto(input, held.typed);
    if (held.start !== null) input.setSelectionRange(held.start, held.end ?? held.start);
    // A dropdown open from the start names its list only on the next render (aria-expanded, aria-controls).
    onDone();
  }, [id, handover, onDone]);
  return null;
}

/**
 * Mantine's Select, loaded on first use. Until then a look-alike with the same role, name and value stands in; the
 * first focus, click or opening key loads the real one, and the stand-in stays (in a transition) until it is ready.
 * The real one then takes over focus, caret and typed text only if the stand-in still has focus at that moment, and
 * opens when the stand-in was clicked or opened by key.
 */
export function Select(props: SelectProps) {
  const [reached, setReached] = useState<Reach | null>(null);
  const [focused, setFocused] = useState(false);
  const [typed, setTyped] = useState<string | null>(null);
  const [, setHandedOver] = useState(false);
  const handedOver = useCallback(() => requestAnimationFrame(() => setHandedOver(true)), []);
  const handover = useRef<Handover | null>(null);
  const autoId = useId();
  const id = props.id ?? autoId;
  const reach = (how: Reach) => startTransition(() => setReached((was) => (was === 'open' ? was : how)));
  const label = selectedLabel(props);
  const remember = (e: SyntheticEvent<HTMLInputElement>, text?: string) => {
    const input = e.currentTarget;
    if (document.activeElement !== input) return;
    const typedText = text ?? handover.current?.typed ?? null;
    handover.current = { typed: typedText, start: input.selectionStart, end: input.selectionEnd };
  };
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
      value={props.searchable ? (typed ?? label) : label}
      rightSection={<IconChevronDown size={16} />}
      rightSectionPointerEvents="none"
      readOnly={!props.searchable}
      disabled={props.disabled}
      onChange={(e) => {
        setTyped(e.currentTarget.value);
        remember(e, e.currentTarget.value);
        reach('open');
      }}
      onFocus={(e) => {
        setFocused(true);
        remember(e);
        reach('focus');
      }}
      onBlur={() => {
        // As the real select does on blur, the field shows the chosen option again.
        setFocused(false);
        setTyped(null);
        handover.current = null;
      }}
      onSelect={remember}
      onPointerDown={() => reach('open')}
      onKeyDown={(e: KeyboardEvent) => OPENING_KEYS.has(e.key) && reach('open')}
    />
  );
  if (!loaded && reached === null) return <Suspense fallback={standIn}>{standIn}</Suspense>;
  return (
    <Suspense fallback={standIn}>
      <MantineSelect
        {...props}
        id={id}
        defaultSearchValue={typed ?? props.defaultSearchValue}
        defaultDropdownOpened={(reached === 'open' && focused) || props.defaultDropdownOpened}
      />
      {reached !== null && <FocusHandover id={id} handover={handover} onDone={handedOver} />}
    </Suspense>
  );
}
