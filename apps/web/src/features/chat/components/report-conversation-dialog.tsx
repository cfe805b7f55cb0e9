import { useState } from 'react';
import { Checkbox, Text } from '@mantine/core';
import {
  CHAT_REPORT_DETAILS_MAX_LENGTH,
  CHAT_REPORT_REASONS,
  CHAT_REPORT_REASON_LABELS,
  reportConversationInputSchema,
} from '@accountry/shared/chat';
import { ReportDialog } from '../../../components/ui/report-dialog';
import { chatApi } from '../api/chat-api';

interface Props {
  conversationId: string;
  otherName: string;
  canBlock: boolean;
  opened: boolean;
  onClose: () => void;
  onBlocked: () => void;
}

const REASONS = CHAT_REPORT_REASONS.map((r) => ({ value: r, label: CHAT_REPORT_REASON_LABELS[r] }));

/** Report the conversation to the moderators, and optionally block the other person at the same time. */
export function ReportConversationDialog({ conversationId, otherName, canBlock, opened, onClose, onBlocked }: Props) {
  const [alsoBlock, setAlsoBlock] = useState(false);
  return (
    <ReportDialog
      title="Report this conversation"
      opened={opened}
      onClose={onClose}
      reasons={REASONS}
      detailsField="details"
      detailsMaxLength={CHAT_REPORT_DETAILS_MAX_LENGTH}
      schema={reportConversationInputSchema}
      send={(input) => chatApi.report(conversationId, input)}
      successMessage="Thank you. Our moderators will review this conversation."
      intro={
        <Text size="sm" c="dimmed">
          Our moderators will read this conversation. {otherName} is not told who reported it.
        </Text>
      }
      onSent={() => {
        if (canBlock && alsoBlock) onBlocked();
      }}
    >
      {canBlock && (
        <Checkbox
          label={`Also block ${otherName}`}
          checked={alsoBlock}
          onChange={(e) => setAlsoBlock(e.currentTarget.checked)}
        />
      )}
    </ReportDialog>
  );
}
