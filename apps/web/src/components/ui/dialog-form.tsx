import type { ComponentProps } from 'react';

type Props = Omit<ComponentProps<'form'>, 'aria-label' | 'aria-labelledby' | 'noValidate'>;

/**
 * The form inside a dialog. Unnamed: a named form is a landmark that would repeat the dialog's own name to screen
 * readers. The browser's own validation is off: the form's messages say what to fix.
 */
export function DialogForm(props: Props) {
  return <form {...props} noValidate />;
}
