import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  CHAT_REPORT_DETAILS_MAX_LENGTH, CHAT_REPORT_REASONS, CHAT_REPORT_REASON_LABELS, reportConversationInputSchema, type ReportConversationInput,
} from '@accountry/shared/chat';
import { ApiRequestError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { chatApi } from '../api/chat-api';

interface Props {
  conversationId: string;
  otherName: string;
  canBlock: boolean;
  opened: boolean;
  onClose: () => void;
  onBlocked: () => void;
}

/** Report the conversation to the moderators, and optionally block the other person at the same time. */
export function ReportConversationDialog({ conversationId, otherName, canBlock, opened, onClose, onBlocked }: Props) {
  const [reason, setReason] = useState('');
  const [details, setDetails] = useState('');
  const [alsoBlock, setAlsoBlock] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: (input: ReportConversationInput) => chatApi.report(conversationId, input),
    onSuccess: (result) => {
      toast.success(result.message, 'Report sent');
      setReason('');
      setDetails('');
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) setErrors(err.fields);
      else toast.error(err.message);
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = reportConversationInputSchema.safeParse({ reason, details });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    send.mutate(parsed.data, {
      onSuccess: () => {
        if (canBlock && alsoBlock) onBlocked();
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Report this conversation">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">Our moderators will read this conversation. {otherName} is not told who reported it.</Text>
          <Radio.Group label="What is wrong?" value={reason} onChange={setReason} error={errors.reason} required>
            <Stack gap="xs" mt="xs">
              {CHAT_REPORT_REASONS.map((r) => <Radio key={r} value={r} label={CHAT_REPORT_REASON_LABELS[r]} />)}
            </Stack>
          </Radio.Group>
          <Textarea label="Details (optional)" autosize minRows={3} maxLength={CHAT_REPORT_DETAILS_MAX_LENGTH} value={details} onChange={(e) => setDetails(e.currentTarget.value)} error={errors.details} />
          {canBlock && <Checkbox label={`Also block ${otherName}`} checked={alsoBlock} onChange={(e) => setAlsoBlock(e.currentTarget.checked)} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" color="red" loading={send.isPending}>Send report</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
