import { Button, EmptyState } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';

/** A search nothing matched, and the way back to every listing. */
export default function NoMatches({ onClear }: { onClear: () => void }) {
  return (
    <EmptyState
      icon={<IconMoodEmpty />}
      title="No accounts match your search"
      description="Try other words, widen the price range or remove a filter."
    >
      <Button onClick={onClear}>Clear search and filters</Button>
    </EmptyState>
  );
}
