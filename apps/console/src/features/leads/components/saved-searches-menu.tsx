import type { SavedSearch } from '@lead-engine/contracts/console';
import { Button, CheckIcon, Divider, Group, Modal, Popover, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../../shared/api/error-messages';
import { useCreateSavedSearch } from '../api/create-saved-search.mutation';
import { useDeleteSavedSearch } from '../api/delete-saved-search.mutation';
import { savedSearchesQueryOptions } from '../api/leads.queries';
import { useRenameSavedSearch } from '../api/rename-saved-search.mutation';
import { type LeadFilters, savedSearchesOpen } from '../lead-filter-set';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { SavedSearchNameForm } from './saved-search-name-form';

type Dialog = { kind: 'save' } | { kind: 'manage' } | { kind: 'rename'; search: SavedSearch } | { kind: 'delete'; search: SavedSearch };

/**
 * The account's saved searches: save the current filters, open one (its link), rename or delete one. A search
 * whose filters are the current ones is marked open; a long name is cut with … and whole on hover.
 */
export function SavedSearchesMenu({ filters, onOpen }: { filters: LeadFilters; onOpen: (search: SavedSearch) => void }) {
  const saved = useQuery(savedSearchesQueryOptions());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [open, setOpen] = useState(false);
  const act = (next: Dialog) => {
    setOpen(false);
    setDialog(next);
  };
  const searches = saved.data?.searches ?? [];
  const openIds = new Set(savedSearchesOpen(searches, filters).map((search) => search.id));

  return (
    <>
      <Popover position="bottom-end" shadow="md" width={300} trapFocus opened={open} onChange={setOpen}>
        <Popover.Target>
          <Button variant="default" onClick={() => setOpen((was) => !was)} aria-expanded={open}>
            Saved searches
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap={4} data-testid="saved-searches">
            <Button variant="subtle" color="indigo.9" justify="flex-start" onClick={() => act({ kind: 'save' })}>
              Save this search…
            </Button>
            <Divider my={4} label="Open" labelPosition="left" />
            {saved.isPending && <Text size="sm">Loading…</Text>}
            {saved.isError && <Text size="sm">{describeError(saved.error)}</Text>}
            {saved.data && searches.length === 0 && (
              <Text size="sm" c="gray.7">
                No saved searches yet
              </Text>
            )}
            {searches.map((search) => {
              const isOpen = openIds.has(search.id);
              return (
                <Button
                  key={search.id}
                  variant={isOpen ? 'light' : 'subtle'}
                  color={isOpen ? 'indigo.9' : 'dark'}
                  justify="flex-start"
                  fw={500}
                  leftSection={isOpen ? <CheckIcon size={12} aria-hidden /> : <span style={{ width: 12 }} />}
                  styles={{ label: { minWidth: 0, flex: 1 } }}
                  aria-current={isOpen ? 'true' : undefined}
                  onClick={() => {
                    setOpen(false);
                    onOpen(search);
                  }}
                  data-testid="saved-search"
                  title={search.name}
                >
                  <Text component="span" inherit display="block" truncate="end" data-testid="saved-search-name">
                    {search.name}
                  </Text>
                  {isOpen && <VisuallyHidden> (open)</VisuallyHidden>}
                </Button>
              );
            })}
            {searches.length > 0 && (
              <>
                <Divider my={4} />
                <Button variant="subtle" color="indigo.9" justify="flex-start" onClick={() => act({ kind: 'manage' })}>
                  Rename or delete…
                </Button>
              </>
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
      <SavedSearchDialogs dialog={dialog} setDialog={setDialog} searches={searches} filters={filters} />
    </>
  );
}

function SavedSearchDialogs({
  dialog,
  setDialog,
  searches,
  filters,
}: {
  dialog: Dialog | null;
  setDialog: (dialog: Dialog | null) => void;
  searches: SavedSearch[];
  filters: LeadFilters;
}) {
  const create = useCreateSavedSearch();
  const rename = useRenameSavedSearch();
  const remove = useDeleteSavedSearch();
  const close = () => {
    create.reset();
    rename.reset();
    remove.reset();
    setDialog(null);
  };
  const back = () => {
    rename.reset();
    remove.reset();
    setDialog({ kind: 'manage' });
  };
  const title =
    dialog?.kind === 'save'
      ? 'Save this search'
      : dialog?.kind === 'rename'
        ? `Rename ${dialog.search.name}`
        : dialog?.kind === 'delete'
          ? 'Delete saved search'
          : 'Saved searches';

  return (
    <Modal opened={dialog !== null} onClose={close} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {dialog?.kind === 'save' && (
        <SavedSearchNameForm
          submitLabel="Save search"
          pending={create.isPending}
          error={create.error}
          onSubmit={(name) => create.mutate({ name, filters }, { onSuccess: close })}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'manage' && (
        <Stack gap="xs">
          {searches.length === 0 && <Text>No saved searches.</Text>}
          {searches.map((search) => (
            <Group key={search.id} justify="space-between" wrap="nowrap" data-testid="managed-search">
              <Stack gap={0} miw={0}>
                <Text fw={600} truncate="end" title={search.name}>
                  {search.name}
                </Text>
                <Text size="xs" c="gray.7" truncate="end" title={search.created_by?.name}>
                  by {search.created_by?.name ?? 'a removed user'}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                <Button
                  variant="default"
                  size="xs"
                  onClick={() => setDialog({ kind: 'rename', search })}
                  aria-label={`Rename ${search.name}`}
                >
                  Rename
                </Button>
                <Button
                  variant="outline"
                  color="red.9"
                  size="xs"
                  onClick={() => setDialog({ kind: 'delete', search })}
                  aria-label={`Delete ${search.name}`}
                >
                  Delete
                </Button>
              </Group>
            </Group>
          ))}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
      {dialog?.kind === 'rename' && (
        <SavedSearchNameForm
          key={dialog.search.id}
          name={dialog.search.name}
          submitLabel="Save name"
          pending={rename.isPending}
          error={rename.error}
          onSubmit={(name) => rename.mutate({ id: dialog.search.id, name }, { onSuccess: back })}
          onCancel={back}
        />
      )}
      {dialog?.kind === 'delete' && (
        <Stack>
          <Text>
            Delete the saved search {dialog.search.name}? It is gone for everyone on the account; links to its filters still work.
          </Text>
          <ConfirmActions
            danger
            confirmLabel="Delete search"
            pending={remove.isPending}
            error={remove.error}
            onCancel={back}
            onConfirm={() => remove.mutate(dialog.search.id, { onSuccess: back })}
          />
        </Stack>
      )}
    </Modal>
  );
}
