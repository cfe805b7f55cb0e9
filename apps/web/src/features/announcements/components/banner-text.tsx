import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';

interface Props {
  /** Changes with the announcement shown: it starts cut again, and is measured again. */
  id: string;
  title: string;
  message: string;
  phone: boolean;
  /** Shown whole on a phone (the banner then gives the text the full width); the parent keeps it per announcement. */
  expanded: boolean;
  onToggle: () => void;
}

/**
 * An announcement's title and message. On a phone each is cut to a line to keep the banner small; when that cuts
 * either, a chevron button ("Show more", a disclosure) shows both whole. The cut is visual only: a screen reader reads
 * all.
 */
export function BannerText({ id, title, message, phone, expanded, onToggle }: Props) {
  const textId = useId();
  const clamp = phone && !expanded ? 1 : undefined;
  const titleRef = useRef<HTMLParagraphElement>(null);
  const messageRef = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  // Measured only while cut to a line, so the button stays (with the focus on it) while the text is shown whole.
  const measuring = phone && !expanded;
  useLayoutEffect(() => {
    if (!measuring) return;
    const els = [titleRef.current, messageRef.current].filter((el) => el !== null);
    const measure = () => setCut(els.some((el) => el.scrollHeight > el.clientHeight + 1));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    els.forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, [measuring, id, title, message]);

  const wrap = { overflowWrap: 'anywhere', whiteSpace: 'pre-line' } as const;
  return (
    <Group gap={4} wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
      <Stack id={textId} gap={phone ? 0 : 2} style={{ flex: 1, minWidth: 0 }} aria-live="polite" aria-atomic="true">
        <Text ref={titleRef} fw={700} size="sm" lineClamp={clamp} style={wrap}>
          {title}
        </Text>
        <Text ref={messageRef} size="sm" lineClamp={clamp} style={wrap}>
          {message}
        </Text>
      </Stack>
      {phone && cut && (
        // Beside the text rather than under it, so the banner stays two lines tall; Enter and Space work as on any
        // button.
        <ActionIcon
          variant="default"
          aria-label={expanded ? 'Show less' : 'Show more'}
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={onToggle}
        >
          {expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
        </ActionIcon>
      )}
    </Group>
  );
}
