import { Center, Stack, Text } from '@mantine/core';
import { IconChartBarOff } from '@tabler/icons-react';

export function EmptyState({ text }: { text: string }) {
  return (
    <Center py="lg">
      <Stack align="center" gap={4}>
        <IconChartBarOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
