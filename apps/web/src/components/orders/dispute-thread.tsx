import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  FileButton,
  Group,
  Image,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import { ORDER_ROUTES, orderPath, statementInputSchema, type OrderDetail } from '@accountry/shared/orders';
import { DISPUTE_EVIDENCE_MAX_BYTES, type EvidenceUpload, type DisputeStatement } from '@accountry/shared/disputes';
import { api, ApiRequestError } from '../../lib/api';
import { zodFieldErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { focusLeaving } from '../../lib/focus-targets';
import { LoadError } from '../ui/load-error';
import { LoadingStatus } from '../ui/loading-status';
import { formatDateTime } from '../../lib/format-time';
import { PlainList } from '../ui/plain-list';
import { statementsQuery } from './dispute-statements';

const EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** An image picked for the next statement: its local preview, and the server's id once uploaded. */
type Evidence = { preview: string; uploaded: EvidenceUpload | null };

const ROLE_LABELS = { buyer: 'Buyer', seller: 'Seller', admin: 'Admin' } as const;

function Statement({ s }: { s: DisputeStatement }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md" bg={s.authorRole === 'admin' ? 'grape.0' : undefined}>
      <Group gap="xs" mb={4}>
        <Text fw={600} size="sm">
          {s.authorName}
        </Text>
        <Badge size="xs" variant="light" color={s.authorRole === 'admin' ? 'grape' : 'gray'}>
          {ROLE_LABELS[s.authorRole]}
        </Badge>
        <Text size="xs" c="dimmed">
          {formatDateTime(s.createdAt)}
        </Text>
      </Group>
      {s.body && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {s.body}
        </Text>
      )}
      {s.evidenceUrl && (
        <Anchor href={s.evidenceUrl} target="_blank" rel="noreferrer" display="inline-block" mt="xs">
          <Image
            src={s.evidenceUrl}
            alt={`Evidence from ${s.authorName}`}
            mah={220}
            w="auto"
            fit="contain"
            radius="sm"
          />
        </Anchor>
      )}
    </Paper>
  );
}

const PARTY_STATEMENT_HINT =
  'Explain what happened and what you checked, so the admin can decide. You can attach a screenshot (JPEG, PNG or WebP, up to 5 MB).';
// The admin decides: their words ask or tell the parties, who both read them.
const ADMIN_NOTE_HINT =
  'Ask either party for what you need to decide, or tell them what happens next; both see it. You can attach a screenshot (JPEG, PNG or WebP, up to 5 MB).';

/** The dispute's thread: statements and evidence images from both sides and the admin, and the form to add one. */
export function DisputeThread({ order }: { order: OrderDetail }) {
  const client = useQueryClient();
  const path = orderPath(ORDER_ROUTES.statements, { id: order.id });
  const statements = statementsQuery(order.id);
  const key = statements.queryKey;
  const list = useQuery(statements);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [evidence, setEvidence] = useState<Evidence | null>(null);
  const resetFile = useRef<() => void>(null);
  const statement = useRef<HTMLTextAreaElement>(null);
  const open = order.status === 'disputed';
  const uploading = !!evidence && !evidence.uploaded;
  const evidenceId = evidence?.uploaded?.id ?? null;

  const clearEvidence = () => {
    if (evidence) URL.revokeObjectURL(evidence.preview);
    setEvidence(null);
    resetFile.current?.();
  };
  // The remove button goes with the image: the focus goes back to the statement instead of to the page's body.
  const removeEvidence = () => {
    clearEvidence();
    statement.current?.focus();
  };

  // A refusal of the statement: drawn before the focus arrives, so the field is read out as invalid with its message.
  const refuse = (message: string) => {
    flushSync(() => setError(message));
    statement.current?.focus();
  };

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!EVIDENCE_TYPES.includes(file.type)) return setError(ORDER_MESSAGES.evidenceType);
    if (file.size > DISPUTE_EVIDENCE_MAX_BYTES) return setError(ORDER_MESSAGES.evidenceTooLarge);
    setError(null);
    const preview = URL.createObjectURL(file);
    flushSync(() => setEvidence({ preview, uploaded: null }));
    // The attach button is disabled while an image is attached, which drops the focus: it goes to the statement.
    if (focusLeaving()) statement.current?.focus();
    try {
      const uploaded = await api<EvidenceUpload>(orderPath(ORDER_ROUTES.evidence, { id: order.id }), { file });
      setEvidence((e) => (e?.preview === preview ? { preview, uploaded } : e));
    } catch (err) {
      URL.revokeObjectURL(preview);
      setEvidence(null);
      resetFile.current?.();
      setError((err as Error).message);
    }
  };

  const post = useMutation({
    mutationFn: () => api<DisputeStatement>(path, { body: { body, evidenceId } }),
    onSuccess: async () => {
      setBody('');
      clearEvidence();
      // The button was disabled while posting, which dropped the focus: it goes back to the emptied field.
      statement.current?.focus();
      toast.success(ORDER_MESSAGES.statementPosted);
      await client.invalidateQueries({ queryKey: key });
    },
    // The button was disabled while posting: the focus goes back to the field, which says what went wrong.
    onError: (err) => refuse(err instanceof ApiRequestError ? (err.fields.body ?? err.message) : err.message),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (uploading) return;
    const parsed = statementInputSchema.safeParse({ body, evidenceId });
    if (!parsed.success) return refuse(Object.values(zodFieldErrors(parsed.error))[0] ?? ORDER_MESSAGES.statementBody);
    setError(null);
    post.mutate();
  };

  return (
    <Card withBorder component="section" aria-labelledby="dispute-thread-title">
      <Title order={2} size="h4" mb="sm" id="dispute-thread-title">
        Dispute statements
      </Title>
      {list.isPending ? (
        <Text c="dimmed" role="status">
          Loading statements…
        </Text>
      ) : list.isError ? (
        <LoadError title="The statements could not be loaded" error={list.error} refetch={list.refetch} />
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">No statements yet.</Text>
      ) : (
        <PlainList ordered gap="sm" aria-label="Statements">
          {list.data.items.map((s) => (
            <Statement key={s.id} s={s} />
          ))}
        </PlainList>
      )}
      {open && (
        <form onSubmit={submit} noValidate aria-label="Add a statement">
          <Stack gap="xs" mt="md">
            <Textarea
              ref={statement}
              label={order.viewerRole === 'admin' ? 'Your note to both parties' : 'Your statement'}
              description={order.viewerRole === 'admin' ? ADMIN_NOTE_HINT : PARTY_STATEMENT_HINT}
              autosize
              minRows={3}
              maxLength={2000}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={error}
              // An image refused as it is picked leaves the focus on the attach button: its message is read out.
              errorProps={{ role: 'alert' }}
            />
            {evidence && (
              <Group gap="xs" align="flex-start">
                <Box pos="relative">
                  <Image src={evidence.preview} alt="Evidence to attach" h={96} w="auto" radius="sm" />
                  {uploading && <LoadingStatus size="sm" pos="absolute" top={36} left={36} label="Uploading image" />}
                </Box>
                <CloseButton aria-label="Remove image" onClick={removeEvidence} />
              </Group>
            )}
            <Group gap="xs">
              <FileButton onChange={(f) => void pick(f)} accept={EVIDENCE_TYPES.join(',')} resetRef={resetFile}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} disabled={!!evidence}>
                    Attach an image
                  </Button>
                )}
              </FileButton>
              <Button type="submit" leftSection={<IconSend size={16} />} loading={post.isPending} disabled={uploading}>
                Post statement
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
