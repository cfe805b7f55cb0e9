import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

/** The link above an admin page back to the list it was opened from. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {children}
      </Group>
    </Anchor>
  );
}
