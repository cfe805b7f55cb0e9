import { List, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_CHECKS } from '@accountry/shared/account-rules';

/** Live feedback on the new password against the rules the server applies. */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  return (
    <List id={id} size="sm" spacing={2} aria-label="Password requirements" mt={-6}>
      {PASSWORD_CHECKS.map((c) => {
        const ok = c.test(password);
        return (
          <List.Item
            key={c.label}
            icon={
              <ThemeIcon color={ok ? 'teal' : 'gray'} size={16} radius="xl" variant={ok ? 'filled' : 'light'}>
                {ok ? <IconCheck size={11} /> : <IconX size={11} />}
              </ThemeIcon>
            }
            c={ok ? 'teal.8' : 'dimmed'}
          >
            {c.label}
            <VisuallyHidden>{ok ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
          </List.Item>
        );
      })}
    </List>
  );
}
