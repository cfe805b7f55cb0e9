import { useLayoutEffect, useRef } from 'react';
import { Box, Card, Paper, ScrollArea, Text, Title } from '@mantine/core';
import type { AdminReportDetail } from '@accountry/shared/admin-reports';
import { formatDateTime } from '../../../lib/format-time';
import { PlainList } from '../../../components/ui/plain-list';

/**
 * The reported conversation, oldest first and opened at the newest (what was just reported); the seller's messages sit
 * on the right. The scrolling area is a named, focusable region, so the keyboard can scroll it.
 */
export function ReportedMessages({ report }: { report: AdminReportDetail }) {
  const messages = report.messages ?? [];
  const sellerId = report.target.owner?.id;
  const viewport = useRef<HTMLDivElement>(null);
  const newest = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [newest]);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Messages
      </Title>
      {report.moreMessages && (
        <Text size="sm" c="dimmed" mb="xs">
          Showing the latest {messages.length} messages.
        </Text>
      )}
      {messages.length === 0 ? (
        <Text c="dimmed" size="sm">
          This conversation has no messages.
        </Text>
      ) : (
        <ScrollArea.Autosize
          mah={520}
          viewportRef={viewport}
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Reported messages, newest last' }}
        >
          <PlainList ordered aria-label="Reported messages">
            {messages.map((m) => {
              const mine = m.senderId === sellerId;
              return (
                <Box component="li" key={m.id} style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
                  <Paper p="xs" radius="md" bg={mine ? 'indigo.0' : 'gray.1'}>
                    <Text size="xs" fw={600}>
                      {m.senderName}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                      {m.body || '(image)'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(m.createdAt)}
                    </Text>
                  </Paper>
                </Box>
              );
            })}
          </PlainList>
        </ScrollArea.Autosize>
      )}
    </Card>
  );
}
