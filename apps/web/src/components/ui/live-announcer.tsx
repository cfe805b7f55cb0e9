import { useCallback, useRef, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';

/** Lines kept in the log: enough for a burst, read out once each as they are added (removals are not read). */
const KEEP = 5;

/**
 * What changes on a page while the member waits on it (decision 211), to be read out once each by a screen reader:
 * `announce(text)` adds a line to the `LiveAnnouncer` given `lines`.
 */
export function useLiveAnnouncer() {
  const [lines, setLines] = useState<Array<{ id: number; text: string }>>([]);
  const next = useRef(0);
  const announce = useCallback(
    (text: string) => setLines((kept) => [...kept.slice(1 - KEEP), { id: next.current++, text }]),
    [],
  );
  return { announce, lines };
}

/**
 * A hidden polite log, on the page from the start (a live region added with its text is often not read). Not the
 * visible list itself: a windowed list adds rows as it scrolls, which a live list would read out as new.
 */
export function LiveAnnouncer({ label, lines }: { label: string; lines: Array<{ id: number; text: string }> }) {
  return (
    <VisuallyHidden role="log" aria-label={label} aria-live="polite">
      {lines.map((line) => (
        <p key={line.id}>{line.text}</p>
      ))}
    </VisuallyHidden>
  );
}
