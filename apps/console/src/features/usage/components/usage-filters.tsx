import { USAGE_KINDS, type UsageKind } from '@lead-engine/contracts/console';
import { Badge, Button, Chip, CloseButton, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { apiKeysQueryOptions } from '../../../shared/api/api-keys.queries';
import { teamQueryOptions } from '../../../shared/api/team.queries';
import { KIND_LABELS, type UsageSearch } from '../usage-search';

const ALL = '';

/**
 * The ledger's filters: kinds, key, user (owners: a member sees only their own keys' entries anyway),
 * a UTC date range, and the job, shown as a chip to remove when a job's link set it.
 */
export function UsageFilters({
  search,
  isOwner,
  onChange,
}: {
  search: UsageSearch;
  isOwner: boolean;
  onChange: (change: Partial<UsageSearch>) => void;
}) {
  const keys = useQuery(apiKeysQueryOptions());
  const team = useQuery({ ...teamQueryOptions(), enabled: isOwner });

  const keyOptions = [{ value: ALL, label: 'All keys' }, ...(keys.data?.items ?? []).map((key) => ({ value: key.id, label: key.name }))];
  if (search.key && !keys.data?.items.some((key) => key.id === search.key)) keyOptions.push({ value: search.key, label: 'A revoked key' });
  const userOptions = [
    { value: ALL, label: 'All users' },
    ...(team.data?.items ?? []).map((member) => ({ value: member.id, label: member.name || member.email })),
  ];
  if (search.user && !team.data?.items.some((member) => member.id === search.user))
    userOptions.push({ value: search.user, label: 'A removed user' });
  const filtered = Boolean(search.kind?.length || search.key || search.user || search.job || search.from || search.to);

  return (
    <Stack gap="sm" component="form" role="search" aria-label="Filter the usage" onSubmit={(event) => event.preventDefault()}>
      <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" size="sm" fw={500} mb={6}>
          Kind
        </Text>
        <Chip.Group
          multiple
          value={search.kind ?? []}
          onChange={(kinds) => onChange({ kind: kinds.length ? (kinds as UsageKind[]) : undefined })}
        >
          <Group gap="xs">
            {USAGE_KINDS.map((kind) => (
              <Chip key={kind} value={kind} size="sm" variant="outline" color="indigo.9">
                {KIND_LABELS[kind]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Key"
          data={keyOptions}
          value={search.key ?? ALL}
          onChange={(event) => onChange({ key: event.currentTarget.value || undefined })}
          w={{ base: '100%', xs: 220 }}
        />
        {isOwner && (
          <NativeSelect
            label="User"
            description={undefined}
            data={userOptions}
            value={search.user ?? ALL}
            onChange={(event) => onChange({ user: event.currentTarget.value || undefined })}
            w={{ base: '100%', xs: 220 }}
          />
        )}
        <TextInput
          type="date"
          label="From (UTC)"
          value={search.from ?? ''}
          max={search.to}
          onChange={(event) => onChange({ from: event.currentTarget.value || undefined })}
          w={{ base: '100%', xs: 170 }}
        />
        <TextInput
          type="date"
          label="To (UTC)"
          value={search.to ?? ''}
          min={search.from}
          onChange={(event) => onChange({ to: event.currentTarget.value || undefined })}
          w={{ base: '100%', xs: 170 }}
        />
        {filtered && (
          <Button
            variant="default"
            onClick={() => onChange({ kind: undefined, key: undefined, user: undefined, job: undefined, from: undefined, to: undefined })}
          >
            Clear filters
          </Button>
        )}
      </Group>
      {search.job && (
        <Group gap="xs" data-testid="job-filter">
          <Text size="sm">Only the job</Text>
          <Badge
            size="lg"
            variant="outline"
            color="indigo.9"
            tt="none"
            pr={4}
            rightSection={<CloseButton size="sm" aria-label="Remove the job filter" onClick={() => onChange({ job: undefined })} />}
          >
            {jobLabel(search.job)}
          </Badge>
        </Group>
      )}
    </Stack>
  );
}

/** "scrape:3f2a9c1e-…" → "Scrape 3f2a9c1e". */
export function jobLabel(job: string): string {
  const [type, id] = job.split(':');
  return `${type.charAt(0).toUpperCase()}${type.slice(1)} ${id.slice(0, 8)}`;
}
