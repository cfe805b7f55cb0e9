import { useState } from 'react';
import { Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { ORDER_MESSAGES, earlierRevealsLine } from '@accountry/shared/order-messages';
import type { OrderDetail } from '@accountry/shared/orders';
import { CredentialsView, type CredentialValues } from '../../../components/orders/credentials-view';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { adminOrdersApi } from '../api/admin-orders-api';
import { formatDateTime } from '../../../lib/format-time';

/**
 * While a dispute is open an admin may reveal the delivered credentials; every reveal is audited and listed. Not an
 * admin who bought or sold the order (`own`): another admin has to.
 */
export function AdminCredentials({ order, own }: { order: OrderDetail; own: boolean }) {
  const [shown, setShown] = useState<CredentialValues | null>(null);
  const confirm = useConfirm();
  const { delivered, erased, reveals, earlierReveals } = order.credentials;
  const askReveal = () =>
    confirm.ask({
      title: 'Reveal the credentials?',
      message: 'Only reveal them to decide this dispute. Your view is recorded in the audit log and the order.',
      confirmLabel: 'Reveal',
      onConfirm: async () => setShown(await adminOrdersApi.revealCredentials(order.id)),
    });
  return (
    <Card withBorder component="section" aria-labelledby="admin-credentials-title">
      <Title order={2} size="h4" mb="sm" id="admin-credentials-title">
        Credentials
      </Title>
      <Stack gap="xs">
        {!delivered ? (
          <Text c="dimmed">Not delivered.</Text>
        ) : erased ? (
          <Text c="dimmed">Erased 30 days after completion.</Text>
        ) : shown ? (
          <CredentialsView values={shown} />
        ) : order.status === 'disputed' && own ? (
          <Text size="sm" c="dimmed">
            {ORDER_MESSAGES.ownOrderReveal}
          </Text>
        ) : order.status === 'disputed' ? (
          <Button variant="light" leftSection={<IconEye size={18} />} onClick={askReveal} w="fit-content">
            Reveal for this dispute
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Delivered. Admins can reveal them only while a dispute is open.
          </Text>
        )}
        {reveals.length > 0 && (
          <List size="sm" aria-label="Credential views">
            {reveals.map((r) => (
              <List.Item key={`${r.by}-${r.at}`}>
                {r.by === 'buyer' ? 'Buyer' : 'An admin'} viewed them at {formatDateTime(r.at)}
              </List.Item>
            ))}
          </List>
        )}
        {earlierReveals > 0 && (
          <Text size="sm" c="dimmed">
            {earlierRevealsLine(earlierReveals)}
          </Text>
        )}
      </Stack>
      {confirm.dialog}
    </Card>
  );
}
