import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Mantine's ScrollArea (inside every Table.ScrollContainer) imports one hook, useMergeRefs, from
 * @floating-ui/react. Once a page uses a Popover, Menu or Combobox, the whole floating-ui module (16 KB
 * gzipped) is bundled, and being shared with ScrollArea it lands in the chunk every table page loads.
 * This stands in for that one hook in ScrollArea alone (vite.config.ts), so that floating-ui stays with
 * the pages that draw popovers.
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef(...refs);
}
