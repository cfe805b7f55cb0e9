import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Group, Skeleton, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';

/**
 * One dashboard figure; the whole card links into its section. The link is named by its content (label, figure and
 * hint lines), so a screen reader hears the hints too.
 */
export function StatCard({
  label,
  value,
  hint,
  to,
  icon,
  loading,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  to: string;
  icon: ReactNode;
  loading?: boolean;
}) {
  return (
    <Card component={Link} to={to} withBorder padding="md" radius="md" className="mantine-focus-auto">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          {loading ? (
            <>
              <Skeleton h={30} w={60} mt={4} />
              <VisuallyHidden>loading</VisuallyHidden>
            </>
          ) : (
            <Text fz={28} fw={700} lh={1.3}>
              {value}
            </Text>
          )}
          {hint && (
            <Text size="xs" c="dimmed" mt={2}>
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
