import { Badge, Progress, Stack } from '@mantine/core';
import { isActive, STATUS_LABELS } from '../job-words';
import type { JobStatus } from '../jobs-search';

/** Filled, dark enough for 4.5:1 with white text. */
const COLORS: Record<JobStatus, string> = { queued: 'gray.7', running: 'indigo.8', completed: 'teal.9', failed: 'red.9' };

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return (
    <Badge color={COLORS[status]} variant="filled" tt="none" data-testid="job-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** The status, and while the job is queued or running its progress (indeterminate until it is known). */
export function JobStatusAndProgress({ status, progress, label }: { status: JobStatus; progress: number | null; label: string }) {
  return (
    <Stack gap={6} miw={120}>
      <div>
        <JobStatusBadge status={status} />
      </div>
      {isActive(status) && (
        <Progress
          value={progress ?? 100}
          animated
          striped={progress === null}
          color="indigo.8"
          aria-label={progress === null ? `${label}: progress not known yet` : `${label}: ${progress}% done`}
          data-testid="job-progress"
        />
      )}
    </Stack>
  );
}
