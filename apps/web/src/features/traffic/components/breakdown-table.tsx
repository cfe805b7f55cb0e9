import type { ReactNode } from 'react';
import { Group, Paper, Progress, Table, Text, Title } from '@mantine/core';
import { EmptyState } from './empty-state';

export interface BreakdownRow {
  key: string;
  label: ReactNode;
  views: number;
}

const percent = (views: number, total: number) => (total > 0 ? (views / total) * 100 : 0);

/** A titled table of views by name with each row's share of the period's page views. */
export function BreakdownTable({
  title,
  rows,
  total,
  nameHeader,
  emptyText,
  footer,
  toolbar,
}: {
  title: string;
  rows: BreakdownRow[];
  total: number;
  nameHeader: string;
  emptyText: string;
  footer?: ReactNode;
  toolbar?: ReactNode;
}) {
  const id = `traffic-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Group justify="space-between" align="flex-end" mb="xs" wrap="wrap">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {toolbar}
      </Group>
      {rows.length === 0 ? (
        <EmptyState text={emptyText} />
      ) : (
        <Table.ScrollContainer minWidth={280}>
          <Table aria-labelledby={id} verticalSpacing={6} highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{nameHeader}</Table.Th>
                <Table.Th ta="right">Views</Table.Th>
                <Table.Th w="35%">Share</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => {
                const share = percent(r.views, total);
                return (
                  <Table.Tr key={r.key}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.label}</Table.Td>
                    <Table.Td ta="right">{r.views.toLocaleString()}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Progress value={share} flex={1} size="sm" aria-hidden />
                        <Text size="xs" c="dimmed" w={44} ta="right">
                          {share < 0.1 && share > 0 ? '<0.1' : share.toFixed(1)}%
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {footer}
    </Paper>
  );
}
