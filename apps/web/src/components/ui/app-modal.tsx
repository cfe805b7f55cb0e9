import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Box, Drawer, Modal, Text, type DrawerRootProps, type ModalRootProps } from '@mantine/core';
import { focusLost, focusedNowOrLast, openerOf, stillThere } from '../../lib/focus-targets';
import classes from './app-modal.module.css';

type Target = HTMLElement | null | undefined;

/**
 * Where the focus goes once a dialog has gone (decision 211): back to what opened it (a menu item's menu button) while
 * that is on the page and enabled, else to `fallback()`; also when the dialog is unmounted while open.
 */
function useDialogFocusReturn(opened: boolean, fallback?: () => Target, onClosed?: () => void) {
  // The dialog itself: once its closing transition ends it is still drawn, maybe with the focus, until it unmounts.
  const content = useRef<HTMLDivElement>(null);
  // Taken before the dialog moves the focus into itself.
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // The latest callbacks: the page may have changed them while the dialog closed.
  const latest = useRef({ fallback, onClosed });
  latest.current = { fallback, onClosed };
  useLayoutEffect(() => {
    if (opened) opener.current = openerOf(focusedNowOrLast());
    if (opened) wasOpen.current = true;
  }, [opened]);
  const restore = () => {
    wasOpen.current = false;
    const inside = !!content.current?.contains(document.activeElement);
    if (focusLost() || inside) (stillThere(opener.current) ?? latest.current.fallback?.())?.focus();
    latest.current.onClosed?.();
  };
  // The page took away the part the dialog was in (a decided dispute's form): the focus goes on all the same.
  // On unmount only: restore reads refs.
  useEffect(
    () => () => {
      if (wasOpen.current) requestAnimationFrame(restore);
    },
    [],
  );
  return { content, restore };
}

interface DialogProps {
  title: ReactNode;
  withCloseButton?: boolean;
  /** Named "Close"; disabled while what the dialog sends is on its way. */
  closeButtonProps?: { disabled?: boolean };
  /** Where the focus goes after closing when the control that opened the dialog is gone or disabled. */
  returnFocusTo?: () => Target;
  /** After the closing transition, once the focus is back. */
  onClosed?: () => void;
  children?: ReactNode;
}

export interface AppModalProps
  extends DialogProps, Omit<ModalRootProps, 'title' | 'children' | 'returnFocus' | 'onExitTransitionEnd'> {
  /**
   * What the dialog asks or tells, first in it: read out with its title (`aria-describedby`), without its fields and
   * buttons. Mantine describes a dialog by its whole body.
   */
  description: ReactNode;
}

/** Every dialog of the app (a lint rule keeps Mantine's Modal out of other files): described, and giving the focus back. */
export function AppModal({
  title,
  description,
  withCloseButton = true,
  closeButtonProps,
  returnFocusTo,
  onClosed,
  children,
  ...root
}: AppModalProps) {
  const id = useId();
  const { content, restore } = useDialogFocusReturn(root.opened, returnFocusTo, onClosed);
  return (
    <Modal.Root {...root} id={id} returnFocus={false} onExitTransitionEnd={restore}>
      <Modal.Overlay />
      <Modal.Content ref={content}>
        <Modal.Header>
          <Modal.Title>{title}</Modal.Title>
          {withCloseButton && <Modal.CloseButton aria-label="Close" {...closeButtonProps} />}
        </Modal.Header>
        {/* Mantine points the dialog's aria-describedby at `${id}-body`: that is the description, not the body. */}
        <Modal.Body id={`${id}-content`}>
          <div id={`${id}-body`} className={classes.description}>
            {typeof description === 'string' ? <Text size="sm">{description}</Text> : description}
          </div>
          {children}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

export type AppDrawerProps = DialogProps &
  Omit<DrawerRootProps, 'title' | 'children' | 'returnFocus' | 'onExitTransitionEnd'>;

/**
 * Every drawer of the app: a menu or a set of filters, with nothing to describe. Its body is not Mantine's, which would
 * describe the drawer by every link and field in it.
 */
export function AppDrawer({
  title,
  withCloseButton = true,
  closeButtonProps,
  returnFocusTo,
  onClosed,
  children,
  ...root
}: AppDrawerProps) {
  const { content, restore } = useDialogFocusReturn(root.opened, returnFocusTo, onClosed);
  return (
    <Drawer.Root {...root} returnFocus={false} onExitTransitionEnd={restore}>
      <Drawer.Overlay />
      <Drawer.Content ref={content}>
        <Drawer.Header>
          <Drawer.Title>{title}</Drawer.Title>
          {withCloseButton && <Drawer.CloseButton aria-label="Close" {...closeButtonProps} />}
        </Drawer.Header>
        <Box className={classes.drawerBody}>{children}</Box>
      </Drawer.Content>
    </Drawer.Root>
  );
}
