import { useId, type Ref } from 'react';
import { Paper, Text } from '@mantine/core';
import { REPORT_STATUS_LABELS } from '@accountry/shared/admin-reports';
import type { ReviewState } from './review-form';

/** The review another admin saved meanwhile, shown above the form that still holds this admin's own text. */
export function SavedMeanwhile({ saved, ref }: { saved: ReviewState; ref: Ref<HTMLDivElement> }) {
  const title = useId();
  return (
    <Paper ref={ref} withBorder p="sm" tabIndex={-1} role="region" aria-labelledby={title}>
      <Text id={title} fw={600} size="sm">
        Saved by another admin
      </Text>
      <Text size="sm">Status: {REPORT_STATUS_LABELS[saved.status]}</Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        Note: {saved.note || 'none'}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        Your own changes are kept below. Saving them replaces what is shown here.
      </Text>
    </Paper>
  );
}
