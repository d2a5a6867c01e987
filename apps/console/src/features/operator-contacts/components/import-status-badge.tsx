import { Badge } from '@mantine/core';
import { type ContactImportStatus, STATUS_LABELS } from '../contact-import-words';

/** Filled, dark enough for 4.5:1 with white text. */
const COLORS: Record<ContactImportStatus, string> = { queued: 'gray.7', running: 'indigo.8', completed: 'teal.9', failed: 'red.9' };

export function ImportStatusBadge({ status }: { status: ContactImportStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled" tt="none" miw="max-content" data-testid="import-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
