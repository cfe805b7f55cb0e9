import { Fragment } from 'react';
import { Link } from 'react-router';
import { Anchor, Text } from '@mantine/core';
import { auditDetails } from '../lib/audit-details';

/** An audit entry's details in one dimmed line, labelled and formatted; a part that points somewhere is a link. */
export function AuditDetailsLine({
  action,
  details,
  size = 'sm',
}: {
  action: string;
  details: Record<string, unknown>;
  size?: 'xs' | 'sm';
}) {
  const parts = auditDetails(action, details);
  if (parts.length === 0) return null;
  return (
    <Text span size={size} c="dimmed" style={{ wordBreak: 'break-word' }}>
      {parts.map((p, i) => (
        <Fragment key={p.label}>
          {i > 0 && ' · '}
          {p.label}:{' '}
          {p.to ? (
            <Anchor component={Link} to={p.to} size={size}>
              {p.text}
            </Anchor>
          ) : (
            p.text
          )}
        </Fragment>
      ))}
    </Text>
  );
}
