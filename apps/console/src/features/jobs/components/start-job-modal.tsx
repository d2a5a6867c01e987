import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePhone } from '../../../shared/ui/use-phone';

/**
 * The dialog that starts a job (read websites, enrich a CSV). Its form is made afresh at each opening,
 * with nothing entered and no price, and it fills the screen on a phone.
 */
export function StartJobModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: 'lg' | 'xl';
  children: ReactNode;
}) {
  const phone = usePhone();
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={phone} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && children}
    </Modal>
  );
}
