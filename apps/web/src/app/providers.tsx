import type { ReactNode } from 'react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import {
  MantineProvider,
  createTheme,
  type CSSVariablesResolver,
  type MenuProps,
  type NumberInputProps,
  type PasswordInputProps,
  type SelectProps,
  type TableScrollContainerProps,
} from '@mantine/core';
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { MeResponse } from '@accountry/shared/auth';
import { ApiRequestError, mayPass, onNoSession } from '../lib/api';
import { SESSION_QUERY_KEY } from '../lib/session';
import { quietErrors, toastsShown } from '../lib/toast';

const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps white text on filled buttons and coloured text on white at WCAG AA contrast (4.5:1).
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Whoever asks their system for less motion gets none: banners, menus and dialogs appear without sliding in.
  respectReducedMotion: true,
  // Plain objects rather than Component.extend(): extend() would pull every such component into the first download.
  components: {
    // Clicking the chosen option keeps it: a required select is never emptied by a click; optional ones are clearable.
    Select: { defaultProps: { allowDeselect: false } satisfies Partial<SelectProps> },
    // What was typed stays as typed ("-25", "0"), so the schema's field error explains it instead of a silent rewrite.
    // No stepper arrows: stacked in the field they are 17 px tall, under the 24 px a finger needs (WCAG 2.5.8, decision
    // 193); counts and amounts are typed, and the arrow keys still step.
    NumberInput: {
      defaultProps: { clampBehavior: 'none', hideControls: true } satisfies Partial<NumberInputProps>,
    },
    // A field's clear (×) button is at least 24 px square (WCAG 2.5.8): Mantine draws it 18 or 22 px in xs and sm fields.
    InputClearButton: {
      vars: (_theme: unknown, props: { size?: unknown }) => ({
        root: { '--cb-size': props.size === 'xs' || props.size === 'sm' ? '1.5rem' : undefined },
      }),
    },
    // The show/hide button is a Tab stop like any other control.
    PasswordInput: { defaultProps: { visibilityToggleFocusable: true } satisfies Partial<PasswordInputProps> },
    // Mantine draws a dialog's or drawer's title bar as <header>, which inside role=dialog is a second page banner
    // landmark to screen readers: a plain block instead (the title inside stays the dialog's heading and name).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Without the placeholder (a focusable role=presentation element that role=menu may not contain, axe
    // "aria-required-children") an opened menu focuses its first item, as the WAI-ARIA menu button pattern does.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // An unchecked switch's track (gray.3 on white, 1.3:1) gets an outline that stands out at 3:1 (WCAG 1.4.11).
    Switch: { styles: { track: { border: '1px solid var(--mantine-color-gray-6)' } } },
    // A table that scrolls sideways on a phone must be reachable by keyboard to scroll it.
    TableScrollContainer: {
      defaultProps: {
        scrollAreaProps: { viewportProps: { tabIndex: 0 } },
      } satisfies Partial<TableScrollContainerProps>,
    },
  },
});

// Text colours at WCAG AA (4.5:1) in the light scheme: Mantine's dimmed grey (gray.6) is 3.3:1 on white, and the
// warm and green shades used for light badges and status text are below 4.5:1 on their tinted backgrounds.
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-yellow-light-color': '#8a5300',
    '--mantine-color-orange-light-color': '#b23c0a',
    '--mantine-color-green-light-color': '#1e6b30',
    '--mantine-color-teal-light-color': '#0b6b4f',
    '--mantine-color-red-light-color': '#a51d1d',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

export const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    // A 409: the action was decided on a state that changed meanwhile; whatever page is shown reads the state again.
    onError: (err) => {
      if (err instanceof ApiRequestError && err.status === 409) void queryClient.invalidateQueries();
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by retrying.
      retry: (count, err) => mayPass(err) && count < 2,
    },
  },
});

// Refused for want of a session while the tab shows someone signed in: the session ended and the socket did not say so
// (cookies cleared, expired while the socket was down). Read again, it ends as any other: a guarded page goes to
// sign-in, keeping where the member was; the refusal itself is not worth a toast on the way.
onNoSession((err) => {
  if (!queryClient.getQueryData<MeResponse>(SESSION_QUERY_KEY)?.user) return;
  quietErrors(err.message);
  void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
});

// The toast container loads with the first toast (lib/toast.ts); toasts shown before it arrives appear with it.
const ToastContainer = lazy(() => import('./toast-container'));

export function Providers({ children }: { children: ReactNode }) {
  const toasts = useSyncExternalStore(toastsShown.subscribe, toastsShown.get, () => false);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* Placed below the header by app.css. */}
      {toasts && (
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
