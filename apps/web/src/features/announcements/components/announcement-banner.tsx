import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Box, Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserNotification } from '@accountry/shared/announcements';
import { bannerCounter, indexAfterDismiss, indexAfterRefresh } from '@accountry/shared/announcements-banner';
import { BANNER_DELAY_MS } from '@accountry/shared/constants';
import { ApiRequestError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { announcementKeys, announcementsApi } from '../api';
import { useMyAnnouncements } from '../hooks/use-my-announcements';
import { severityStyle } from './severity-style';
import { keepOpenPopupInPlace } from './keep-open-popup-in-place';
import { BannerText } from './banner-text';

/**
 * Site-wide announcements for signed-in users, at the top of every page (spec section 2): coloured by severity,
 * Previous/Next with "N of M", Dismiss; appears shortly after loading and marks the one shown as read.
 */
export function AnnouncementBanner() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { data, queryKey } = useMyAnnouncements(user?.uid);
  const items = user ? (data ?? []) : [];
  const ids = items.map((n) => n.id);
  const [pos, setPos] = useState<{ id: string | null; index: number }>({ id: null, index: 0 });
  const index = indexAfterRefresh(pos.id, pos.index, ids);
  const current = items[index] as UserNotification | undefined;

  // Appear about 300 ms after the announcements load; hide when none remain. The banner holds its place from the moment
  // they load, unseen until then: appearing later, it pushed the page down under a pointer about to click.
  const [shown, setShown] = useState(false);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (!hasItems) {
      setShown(false);
      return;
    }
    const t = setTimeout(() => setShown(true), BANNER_DELAY_MS);
    return () => clearTimeout(t);
  }, [hasItems]);

  const setItems = (fn: (list: UserNotification[]) => UserNotification[]) =>
    queryClient.setQueryData<UserNotification[]>(queryKey, (old) => (old ? fn(old) : old));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: announcementKeys.mine });

  // Showing an announcement marks it read, once.
  const marked = useRef(new Set<string>());
  const currentId = shown && current && !current.read ? current.id : null;
  useEffect(() => {
    if (!currentId || marked.current.has(currentId)) return;
    marked.current.add(currentId);
    announcementsApi
      .markRead(currentId)
      .then(() =>
        queryClient.setQueryData<UserNotification[]>(queryKey, (old) =>
          old?.map((n) => (n.id === currentId ? { ...n, read: true } : n)),
        ),
      )
      .catch(() => queryClient.invalidateQueries({ queryKey: announcementKeys.mine }));
    // queryKey is derived from the user id, which currentId already implies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [currentId, queryClient]);

  const go = (to: number) => {
    if (to < 0 || to >= items.length) return;
    setPos({ id: items[to].id, index: to });
  };

  const dismiss = () => {
    if (!current) return;
    const remaining = items.filter((n) => n.id !== current.id);
    const next = indexAfterDismiss(index, remaining.length);
    setPos(next === null ? { id: null, index: 0 } : { id: remaining[next].id, index: next });
    setItems((list) => list.filter((n) => n.id !== current.id));
    announcementsApi.dismiss(current.id).catch((err) => {
      if (!(err instanceof ApiRequestError && err.status === 404))
        toast.error(err.message, 'Could not dismiss the announcement');
      refresh();
    });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'ArrowRight') go(index + 1);
  };

  // On a phone the banner is one compact block (text cut to a line, icon-only buttons) that scrolls away with the page.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  // A phone's "Show more" holds for the announcement it was pressed on; paging to another shows that one cut.
  const [expandedId, setExpandedId] = useState<string | null>(null);
  const reduceMotion = useReducedMotion();
  if (!current) return null;
  const expanded = phone && expandedId === current.id;
  const style = severityStyle(current.severity);
  return (
    <Box
      ref={keepOpenPopupInPlace}
      component="section"
      role="region"
      aria-label="Announcements"
      onKeyDown={onKeyDown}
      style={{
        // Hidden is out of the accessibility tree and the tab order too, until it shows.
        visibility: shown ? 'visible' : 'hidden',
        opacity: shown ? 1 : 0,
        transition: reduceMotion ? undefined : 'opacity 200ms ease',
        position: phone ? 'relative' : 'sticky',
        top: phone ? undefined : 'var(--app-header-height, 0px)',
        zIndex: 90,
      }}
    >
      <Paper
        radius={0}
        px="md"
        py={phone ? 6 : 'sm'}
        bg={`var(--mantine-color-${style.color}-light)`}
        style={{ borderBottom: `3px solid var(--mantine-color-${style.color}-filled)` }}
        data-severity={current.severity}
      >
        <Group
          justify="space-between"
          align="center"
          gap={phone ? 4 : 'sm'}
          wrap={phone && !expanded ? 'nowrap' : 'wrap'}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px', minWidth: 0 }}>
            {!phone && (
              <ThemeIcon color={style.color} variant="filled" radius="xl" size="md" aria-hidden>
                <style.Icon size={18} />
              </ThemeIcon>
            )}
            <BannerText
              id={current.id}
              title={current.title}
              message={current.message}
              phone={phone}
              expanded={expanded}
              onToggle={() => setExpandedId(expanded ? null : current.id)}
            />
          </Group>
          {phone ? (
            <Group gap={2} wrap="nowrap">
              {items.length > 1 && (
                <>
                  <ActionIcon
                    variant="subtle"
                    color="dark"
                    onClick={() => go(index - 1)}
                    disabled={index === 0}
                    aria-label="Previous announcement"
                  >
                    <IconChevronLeft size={16} />
                  </ActionIcon>
                  <Text size="xs" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {bannerCounter(index, items.length)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="dark"
                    onClick={() => go(index + 1)}
                    disabled={index >= items.length - 1}
                    aria-label="Next announcement"
                  >
                    <IconChevronRight size={16} />
                  </ActionIcon>
                </>
              )}
              <ActionIcon variant="default" onClick={dismiss} aria-label="Dismiss announcement">
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ) : (
            <Group gap={6} wrap="nowrap">
              {items.length > 1 && (
                <>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="dark"
                    leftSection={<IconChevronLeft size={14} />}
                    onClick={() => go(index - 1)}
                    disabled={index === 0}
                    aria-label="Previous announcement"
                  >
                    Previous
                  </Button>
                  <Text size="sm" fw={500} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
                    {bannerCounter(index, items.length)}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="dark"
                    rightSection={<IconChevronRight size={14} />}
                    onClick={() => go(index + 1)}
                    disabled={index >= items.length - 1}
                    aria-label="Next announcement"
                  >
                    Next
                  </Button>
                </>
              )}
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconX size={14} />}
                onClick={dismiss}
                aria-label="Dismiss announcement"
              >
                Dismiss
              </Button>
            </Group>
          )}
        </Group>
      </Paper>
    </Box>
  );
}
