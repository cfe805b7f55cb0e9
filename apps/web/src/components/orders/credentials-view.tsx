import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export interface CredentialValues {
  login: string;
  password: string;
  emailAccess: string;
  recoveryCodes: string;
  notes: string;
}

const LABELS: Record<keyof CredentialValues, string> = {
  login: 'Login',
  password: 'Password',
  emailAccess: 'Email access',
  recoveryCodes: 'Recovery codes',
  notes: 'Notes',
};

/** Revealed credentials as a description list, each value with a copy button. */
export function CredentialsView({ values }: { values: CredentialValues }) {
  const keys = (Object.keys(LABELS) as Array<keyof CredentialValues>).filter((k) => values[k].trim() !== '');
  return (
    <Stack component="dl" gap="xs" m={0}>
      {keys.map((k) => (
        <div key={k}>
          <Text component="dt" size="xs" c="dimmed">
            {LABELS[k]}
          </Text>
          <Group component="dd" m={0} gap="xs" wrap="nowrap" align="flex-start">
            <Text ff="monospace" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', flex: 1 }}>
              {values[k]}
            </Text>
            <CopyButton value={values[k]}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy'}>
                  <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy ${LABELS[k].toLowerCase()}`}>
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </div>
      ))}
    </Stack>
  );
}
