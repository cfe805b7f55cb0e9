import { ActionIcon, Badge, Card, Group, Menu, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconChartBar,
  IconDots,
  IconPencil,
  IconPlayerStop,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import {
  AUDIENCE_LABELS,
  SEVERITY_LABELS,
  STATUS_LABELS,
  type Notification,
  type SortField,
} from '@accountry/shared/announcements';
import { severityStyle } from '../severity-style';
import { SORT_LABELS, type Filters } from './announcement-filters';
import { formatDateTime } from '../../../../lib/format-time';
import { PlainList } from '../../../../components/ui/plain-list';

const STATUS_COLORS = { active: 'green', draft: 'gray', expired: 'orange', canceled: 'red' } as const;
const when = (t: number | null) => (t === null ? '—' : formatDateTime(t));
const audienceOf = (n: Notification) =>
  Array.isArray(n.targetUsers)
    ? `${n.targetUsers.length} specific user${n.targetUsers.length === 1 ? '' : 's'}`
    : AUDIENCE_LABELS[n.targetUsers];

export type RowAction = 'edit' | 'metrics' | 'send' | 'recall' | 'delete';

function SortHeader({
  field,
  filters,
  onSort,
}: {
  field: SortField;
  filters: Filters;
  onSort: (f: SortField) => void;
}) {
  const active = filters.sortField === field;
  const Arrow = filters.sortDirection === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (filters.sortDirection === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => onSort(field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {SORT_LABELS[field]}
          {active && <Arrow size={14} aria-hidden />}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The actions of one announcement, in a menu. */
function RowActions({ n, onAction }: { n: Notification; onAction: (a: RowAction, n: Notification) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${n.title}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', n)}>
          Edit
        </Menu.Item>
        <Menu.Item leftSection={<IconChartBar size={16} />} onClick={() => onAction('metrics', n)}>
          Metrics
        </Menu.Item>
        <Menu.Item leftSection={<IconSend size={16} />} onClick={() => onAction('send', n)}>
          Send to users
        </Menu.Item>
        {n.status !== 'canceled' && (
          <Menu.Item leftSection={<IconPlayerStop size={16} />} color="orange" onClick={() => onAction('recall', n)}>
            Recall
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => onAction('delete', n)}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

const SeverityBadge = ({ n }: { n: Notification }) => (
  <Badge color={severityStyle(n.severity).color} variant="light" style={{ flexShrink: 0 }}>
    {SEVERITY_LABELS[n.severity]}
  </Badge>
);
const StatusBadge = ({ n }: { n: Notification }) => (
  <Badge color={STATUS_COLORS[n.status]} variant="dot" style={{ flexShrink: 0 }}>
    {STATUS_LABELS[n.status]}
  </Badge>
);

/** The phone layout: one card per announcement, title, badges and actions in view without scrolling sideways. */
function AnnouncementCards({
  rows,
  onAction,
}: {
  rows: Notification[];
  onAction: (a: RowAction, n: Notification) => void;
}) {
  return (
    <PlainList gap="sm" aria-label="Announcements">
      {rows.map((n) => (
        <li key={n.id}>
          <Card withBorder padding="sm" component="article" aria-label={n.title}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text fw={600} size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {n.title}
              </Text>
              <RowActions n={n} onAction={onAction} />
            </Group>
            <Text size="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {n.message}
            </Text>
            <Group gap="xs" mt="xs">
              <SeverityBadge n={n} />
              <StatusBadge n={n} />
              <Text size="xs">{audienceOf(n)}</Text>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              Created {when(n.createdAt)} · Expires {when(n.expiresAt)}
            </Text>
          </Card>
        </li>
      ))}
    </PlainList>
  );
}

/** One page of announcements; column headers sort, each row has its actions in a menu (cards on a phone). */
export function AnnouncementsTable({
  rows,
  filters,
  onSort,
  onAction,
}: {
  rows: Notification[];
  filters: Filters;
  onSort: (f: SortField) => void;
  onAction: (a: RowAction, n: Notification) => void;
}) {
  // A seven-column table would put the actions off a phone's screen; the filters above still sort.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  if (phone) return <AnnouncementCards rows={rows} onAction={onAction} />;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Announcements">
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="title" filters={filters} onSort={onSort} />
            <SortHeader field="severity" filters={filters} onSort={onSort} />
            <SortHeader field="status" filters={filters} onSort={onSort} />
            <Table.Th>Audience</Table.Th>
            <SortHeader field="expiresAt" filters={filters} onSort={onSort} />
            <SortHeader field="createdAt" filters={filters} onSort={onSort} />
            <Table.Th>
              <Text span fz="sm" fw={600}>
                Actions
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((n) => (
            <Table.Tr key={n.id}>
              <Table.Td maw={320}>
                <Text fw={600} size="sm" lineClamp={1}>
                  {n.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {n.message}
                </Text>
              </Table.Td>
              <Table.Td>
                <SeverityBadge n={n} />
              </Table.Td>
              <Table.Td>
                <StatusBadge n={n} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{audienceOf(n)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{when(n.expiresAt)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{when(n.createdAt)}</Text>
              </Table.Td>
              <Table.Td>
                <RowActions n={n} onAction={onAction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
