import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A table's own scrolling region: wider than the screen, it scrolls sideways inside it (reachable by
 * keyboard, named for screen readers) instead of widening the page.
 */
export function TableRegion({ label, maxHeight, children }: { label: string; maxHeight?: number; children: ReactNode }) {
  return (
    // Positioned, so that a visually hidden heading (placed absolutely) scrolls with the table instead of widening the page.
    <Table.ScrollContainer
      minWidth={0}
      maxHeight={maxHeight}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={label}
      style={{ position: 'relative' }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
