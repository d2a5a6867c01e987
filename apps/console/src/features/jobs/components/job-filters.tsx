import { Button, Group, NativeSelect } from '@mantine/core';
import { STATUS_LABELS, TYPE_PLURALS } from '../job-words';
import { JOB_STATUSES, JOB_TYPES, type JobsSearch } from '../jobs-search';

const ALL = '';
const TYPE_OPTIONS = [{ value: ALL, label: 'All types' }, ...JOB_TYPES.map((type) => ({ value: type, label: TYPE_PLURALS[type] }))];
const STATUS_OPTIONS = [
  { value: ALL, label: 'Any status' },
  ...JOB_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

/** The list's filters: the type and the status of the jobs. */
export function JobFilters({ search, onChange }: { search: JobsSearch; onChange: (change: Partial<JobsSearch>) => void }) {
  return (
    <Group
      gap="sm"
      align="flex-end"
      wrap="wrap"
      component="form"
      role="search"
      aria-label="Filter the jobs"
      onSubmit={(event) => event.preventDefault()}
    >
      <NativeSelect
        label="Type"
        data={TYPE_OPTIONS}
        value={search.type ?? ALL}
        onChange={(event) => onChange({ type: (event.currentTarget.value || undefined) as JobsSearch['type'] })}
        w={{ base: '100%', xs: 200 }}
      />
      <NativeSelect
        label="Status"
        data={STATUS_OPTIONS}
        value={search.status ?? ALL}
        onChange={(event) => onChange({ status: (event.currentTarget.value || undefined) as JobsSearch['status'] })}
        w={{ base: '100%', xs: 200 }}
      />
      {(search.type || search.status) && (
        <Button variant="default" onClick={() => onChange({ type: undefined, status: undefined })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
