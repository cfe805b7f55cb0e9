import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { VisuallyHidden } from '@mantine/core';
import { pageHeading } from '../lib/focus-targets';

/**
 * How long a new page may take to draw its h1 (its data loading, or failing after retries) before the focus goes to
 * the content instead; the user's own key or pointer press ends the wait sooner.
 */
const HEADING_WAIT_MS = 10_000;

/**
 * A link followed inside the app changes the page without a load: the focus stays on the link and a screen reader
 * hears nothing (decision 249). On each change of path the user made (not of the query alone: filters and pages of a
 * list keep their focus), the focus goes to the new page's h1 once drawn, and the page's title is read out once.
 */
export function RouteFocus() {
  const { pathname, state } = useLocation();
  const previous = useRef(pathname);
  // Changes of path before the first key or pointer press are redirects of the first load: the focus stays at the top.
  const interacted = useRef(false);
  const [said, setSaid] = useState({ id: 0, title: '' });
  // Read when the path changes; a later change of the state alone (a page clearing it) does not start over.
  const pageFocuses = useRef(false);
  pageFocuses.current = !!(state as { focus?: unknown } | null)?.focus;
  useEffect(() => {
    const note = () => (interacted.current = true);
    for (const type of ['keydown', 'pointerdown']) document.addEventListener(type, note, { capture: true, once: true });
    return () => ['keydown', 'pointerdown'].forEach((type) => document.removeEventListener(type, note, true));
  }, []);
  // Before the page's own effects and autofocus run, so that what had the focus then is known (`from`).
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (!interacted.current) return;
    const announce = () => setSaid((s) => ({ id: s.id + 1, title: document.title }));
    // A page told by the navigation where the focus goes (an order just bought, decision 203) puts it there itself.
    return focusNewPage(document.activeElement, pageFocuses.current, announce);
  }, [pathname]);
  return (
    <VisuallyHidden id="route-announcer" aria-live="polite" aria-atomic="true">
      {/* A new node each time: a title the same as the last one is read out too. */}
      <span key={said.id}>{said.title}</span>
    </VisuallyHidden>
  );
}

/**
 * Each frame until settled: a page that put the focus in itself keeps it; a dialog holding it (the phone's menu,
 * closing, gives it back to its button) is waited for; then the h1 takes it once drawn, or the content after
 * HEADING_WAIT_MS. The title is read a frame later, once a page whose title comes with its data has set it. A key or
 * pointer press meanwhile ends the wait: the user has moved on.
 */
function focusNewPage(from: Element | null, pageFocuses: boolean, announce: () => void): () => void {
  const started = performance.now();
  let frame = 0;
  const settle = (target?: HTMLElement | null) => {
    stop();
    target?.focus({ preventScroll: true });
    frame = requestAnimationFrame(announce);
  };
  const tick = () => {
    const content = document.getElementById('content');
    const active = document.activeElement;
    if (!content || (active && active !== from && active !== content && content.contains(active))) return settle();
    const heading = content.querySelector('h1') ? pageHeading() : null;
    const inDialog = !!active?.closest('[role="dialog"]');
    if (performance.now() - started < HEADING_WAIT_MS && (inDialog || !heading)) {
      frame = requestAnimationFrame(tick);
      return;
    }
    settle(inDialog || pageFocuses ? null : (heading ?? content));
  };
  const userActs = () => settle();
  const stop = () => {
    cancelAnimationFrame(frame);
    document.removeEventListener('keydown', userActs, true);
    document.removeEventListener('pointerdown', userActs, true);
  };
  document.addEventListener('keydown', userActs, true);
  document.addEventListener('pointerdown', userActs, true);
  frame = requestAnimationFrame(tick);
  return stop;
}
