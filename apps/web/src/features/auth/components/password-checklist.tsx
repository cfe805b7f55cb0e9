import { useId } from 'react';
import { List, ThemeIcon, VisuallyHidden, type PasswordInputProps } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { passwordChecksFor } from '@accountry/shared/account-rules';

/**
 * Live feedback on the new password against the rules the server applies. The list is named by hidden text, not
 * aria-label: read as the field's description, an aria-label would stand in for the items (only "Password
 * requirements" would be heard), while a labelling element's text is read before them.
 */
export function PasswordChecklist({ password, email }: { password: string; email?: string }) {
  const labelId = useId();
  return (
    <>
      <VisuallyHidden id={labelId}>Password requirements</VisuallyHidden>
      <List size="sm" spacing={2} aria-labelledby={labelId} mt={4}>
        {passwordChecksFor(email).map((c) => {
          const ok = c.test(password);
          return (
            <List.Item
              key={c.label}
              icon={
                <ThemeIcon color={ok ? 'teal' : 'gray'} size={16} radius="xl" variant={ok ? 'filled' : 'light'}>
                  {ok ? <IconCheck size={11} /> : <IconX size={11} />}
                </ThemeIcon>
              }
              // teal.8 is 3.9:1 on white at this size; teal.9 passes WCAG AA (4.5:1).
              c={ok ? 'teal.9' : 'dimmed'}
            >
              {c.label}
              <VisuallyHidden>{ok ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </>
  );
}

/**
 * Props for a PasswordInput that shows the checklist (with the given element id) under the field as its description.
 * PasswordInput writes its own aria-describedby on the input, from the description and the error it renders, so the
 * checklist is linked only as the description: the field is then read with the checklist and, when shown, the error.
 * The description is a div (a list cannot sit in Mantine's default <p>) placed after the field and its error.
 */
export function passwordChecklistProps(password: string, id: string, email?: string) {
  return {
    description: <PasswordChecklist password={password} email={email} />,
    descriptionProps: { id, component: 'div' },
    inputWrapperOrder: ['label', 'input', 'error', 'description'],
  } satisfies Partial<PasswordInputProps>;
}
