import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { REPORT_REASONS, REPORT_REASON_LABELS, listingReportSchema } from '@accountry/shared/listing-detail';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { ApiRequestError } from '../../../lib/api';
import { zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { reportListing } from '../api/listings-api';

/** Tell the moderators what is wrong with a listing. */
export function ReportDialog({ listingId, opened, onClose }: { listingId: string; opened: boolean; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useMutation({
    mutationFn: () => reportListing(listingId, listingReportSchema.parse({ reason, message })),
    onSuccess: () => {
      toast.success(LISTING_MESSAGES.reported, 'Report sent');
      setReason('');
      setMessage('');
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiRequestError && Object.keys(err.fields).length) setErrors(err.fields);
      else toast.error(err.message);
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = listingReportSchema.safeParse({ reason, message });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    send.mutate();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Report this listing">
      <form onSubmit={submit} noValidate><Stack>
        <Radio.Group label="What is wrong?" value={reason} onChange={setReason} error={errors.reason} required>
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((r) => <Radio key={r} value={r} label={REPORT_REASON_LABELS[r]} />)}
          </Stack>
        </Radio.Group>
        <Textarea label="Details (optional)" autosize minRows={3} maxLength={1000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} error={errors.message} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button type="submit" color="red" loading={send.isPending}>Send report</Button>
        </Group>
      </Stack></form>
    </Modal>
  );
}
