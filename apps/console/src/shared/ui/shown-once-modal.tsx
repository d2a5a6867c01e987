import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog that ends by showing a key or a link once (ShownOnce): while it shows it, the dialog closes by
 * its own button only, so that the secret is not lost to a stray click or Escape.
 */
export function ShownOnceModal({
  opened,
  onClose,
  title,
  showing,
  fullScreen,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The key or link is on screen. */
  showing: boolean;
  fullScreen?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={fullScreen}
      closeOnClickOutside={!showing}
      closeOnEscape={!showing}
      withCloseButton={!showing}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {children}
    </Modal>
  );
}
