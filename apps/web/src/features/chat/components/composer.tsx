import { useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { ActionIcon, Box, CloseButton, FileButton, Group, Image, Text, Textarea, Tooltip } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import {
  CHAT_ATTACHMENT_MAX_BYTES,
  CHAT_ATTACHMENT_TYPES,
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_MESSAGES,
  messageBodySchema,
  type ChatAttachment,
} from '@accountry/shared/chat';
import { toast } from '../../../lib/toast';
import { focusLeaving } from '../../../lib/focus-targets';
import { chatApi } from '../api/chat-api';
import { LoadingStatus } from '../../../components/ui/loading-status';

interface Props {
  conversationId: string;
  onSend: (body: string, attachment: ChatAttachment | null) => void;
  onTyping: () => void;
}

/** Unsent text per conversation, kept while you switch between conversations. */
const drafts = new Map<string, string>();

/** Enter sends, Shift+Enter starts a new line; an image can go with the text. */
export function Composer({ conversationId, onSend, onTyping }: Props) {
  const [text, setTextState] = useState(() => drafts.get(conversationId) ?? '');
  const setText = (value: string) => {
    setTextState(value);
    if (value) drafts.set(conversationId, value);
    else drafts.delete(conversationId);
  };
  const [error, setError] = useState<string | null>(null);
  const [attachment, setAttachment] = useState<{ preview: string; uploaded: ChatAttachment | null } | null>(null);
  const resetFile = useRef<() => void>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const uploading = !!attachment && !attachment.uploaded;

  const clearAttachment = () => {
    if (attachment) URL.revokeObjectURL(attachment.preview);
    setAttachment(null);
    resetFile.current?.();
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!(CHAT_ATTACHMENT_TYPES as readonly string[]).includes(file.type))
      return setError(CHAT_MESSAGES.attachmentType);
    if (file.size > CHAT_ATTACHMENT_MAX_BYTES) return setError(CHAT_MESSAGES.attachmentTooLarge);
    setError(null);
    const preview = URL.createObjectURL(file);
    flushSync(() => setAttachment({ preview, uploaded: null }));
    // The attach button is disabled while an image is attached, which drops the focus: it goes to the message.
    if (focusLeaving()) input.current?.focus();
    try {
      const uploaded = await chatApi.upload(conversationId, file);
      setAttachment((a) => (a?.preview === preview ? { preview, uploaded } : a));
    } catch (err) {
      URL.revokeObjectURL(preview);
      setAttachment(null);
      resetFile.current?.();
      toast.error((err as Error).message, 'Image not attached');
    }
  };

  const submit = () => {
    if (uploading) return;
    const parsed = messageBodySchema.safeParse(text);
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    if (!parsed.data && !attachment?.uploaded) return setError(CHAT_MESSAGES.bodyRequired);
    setError(null);
    onSend(parsed.data, attachment?.uploaded ?? null);
    setText('');
    if (attachment) URL.revokeObjectURL(attachment.preview);
    setAttachment(null);
    resetFile.current?.();
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method is composing a character (Japanese, Chinese…).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const nearLimit = text.length > CHAT_MESSAGE_MAX_LENGTH * 0.8;
  return (
    <Box
      component="form"
      px="md"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      onSubmit={(e) => (e.preventDefault(), submit())}
    >
      {attachment && (
        <Group gap="xs" mb="xs" align="flex-start">
          <Box pos="relative">
            <Image src={attachment.preview} alt="Image to send" h={72} w="auto" radius="sm" />
            {uploading && <LoadingStatus size="sm" pos="absolute" top={24} left={24} label="Uploading image" />}
          </Box>
          <CloseButton
            aria-label="Remove image"
            onClick={() => {
              clearAttachment();
              // The button goes with the image: the focus goes back to the message, not to the page's body.
              input.current?.focus();
            }}
          />
        </Group>
      )}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={(f) => void pick(f)} accept={CHAT_ATTACHMENT_TYPES.join(',')} resetRef={resetFile}>
          {(props) => (
            <Tooltip label="Attach an image">
              <ActionIcon {...props} variant="subtle" size="lg" aria-label="Attach an image" disabled={!!attachment}>
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          ref={input}
          style={{ flex: 1 }}
          aria-label="Message"
          placeholder="Write a message…"
          autosize
          minRows={1}
          maxRows={6}
          maxLength={CHAT_MESSAGE_MAX_LENGTH}
          value={text}
          error={error}
          // The focus stays in the field (Enter sends): the message is read out as it appears.
          errorProps={{ role: 'alert' }}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
            onTyping();
          }}
          onKeyDown={onKeyDown}
        />
        <ActionIcon type="submit" size="lg" aria-label="Send" disabled={uploading}>
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          Enter to send · Shift+Enter for a new line
        </Text>
        {nearLimit && (
          <Text size="xs" c={text.length >= CHAT_MESSAGE_MAX_LENGTH ? 'red' : 'dimmed'} aria-live="polite">
            {text.length} / {CHAT_MESSAGE_MAX_LENGTH}
          </Text>
        )}
      </Group>
    </Box>
  );
}
