import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Image, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORDER_MESSAGES } from '@accountry/shared/order-messages';
import {
  ORDER_ROUTES,
  orderPath,
  statementInputSchema,
  type DisputeStatement,
  type OrderDetail,
} from '@accountry/shared/orders';
import { api, ApiRequestError } from '../../lib/api';
import { zodFieldErrors } from '../../lib/forms';
import { toast } from '../../lib/toast';
import { formatOrderTime } from './order-format';

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
          {formatOrderTime(s.createdAt)}
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

/** The dispute's thread: statements and evidence images from both sides and the admin, and the form to add one. */
export function DisputeThread({ order }: { order: OrderDetail }) {
  const client = useQueryClient();
  const path = orderPath(ORDER_ROUTES.statements, { id: order.id });
  const key = ['orders', 'statements', order.id];
  const list = useQuery({ queryKey: key, queryFn: () => api<{ items: DisputeStatement[] }>(path) });
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const open = order.status === 'disputed';

  const post = useMutation({
    // Text statements only until the server stores evidence images (the thread already shows them).
    mutationFn: () => api<DisputeStatement>(path, { body: { body, evidenceId: null } }),
    onSuccess: async () => {
      setBody('');
      toast.success(ORDER_MESSAGES.statementPosted);
      await client.invalidateQueries({ queryKey: key });
    },
    onError: (err) => setError(err instanceof ApiRequestError ? (err.fields.body ?? err.message) : err.message),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = statementInputSchema.safeParse({ body, evidenceId: null });
    if (!parsed.success)
      return setError(Object.values(zodFieldErrors(parsed.error))[0] ?? ORDER_MESSAGES.statementBody);
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
        <Alert color="red">{list.error.message}</Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">No statements yet.</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Statements">
          {list.data.items.map((s) => (
            <Statement key={s.id} s={s} />
          ))}
        </Stack>
      )}
      {open && (
        <form onSubmit={submit} noValidate aria-label="Add a statement">
          <Stack gap="xs" mt="md">
            <Textarea
              label="Your statement"
              description="Explain what happened and what you checked, so the admin can decide."
              autosize
              minRows={3}
              maxLength={2000}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={error}
            />
            <Group gap="xs">
              <Button type="submit" leftSection={<IconSend size={16} />} loading={post.isPending}>
                Post statement
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
