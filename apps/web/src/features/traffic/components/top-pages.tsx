import { useMemo, useState } from 'react';
import { Button, Center, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { TrafficStats } from '@accountry/shared/traffic';
import { BreakdownTable } from './breakdown-table';

const FIRST = 10;

/** The most viewed pages, filterable, ten at first. */
export function TopPages({ stats }: { stats: TrafficStats }) {
  const [filter, setFilter] = useState('');
  const [all, setAll] = useState(false);
  const matching = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? stats.pages.filter((p) => p.path.toLowerCase().includes(q)) : stats.pages;
  }, [filter, stats.pages]);
  const shown = all ? matching : matching.slice(0, FIRST);
  const more = matching.length - shown.length;

  return (
    <BreakdownTable
      title="Top pages"
      nameHeader="Page"
      total={stats.totalPageViews}
      rows={shown.map((p) => ({ key: p.key, label: p.path, views: p.views }))}
      emptyText={filter ? 'No page matches the filter.' : 'No page views in this period yet.'}
      toolbar={
        stats.pages.length > 0 && (
          <TextInput
            size="xs"
            label="Filter pages"
            placeholder="/browse"
            leftSection={<IconSearch size={14} />}
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
          />
        )
      }
      footer={
        <>
          {more > 0 && (
            <Center mt="sm">
              <Button variant="default" size="xs" onClick={() => setAll(true)}>
                Show {more} more
              </Button>
            </Center>
          )}
          {stats.pageCount > stats.pages.length && (
            <Text size="xs" c="dimmed" mt="xs">
              The {stats.pages.length} most viewed of {stats.pageCount.toLocaleString()} pages in this period.
            </Text>
          )}
        </>
      }
    />
  );
}
