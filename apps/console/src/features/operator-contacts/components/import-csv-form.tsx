import { CONTACT_IMPORT_MAX_BYTES, type ContactImportDetail } from '@lead-engine/contracts/console';
import { CONTACT_CSV_REQUIRED_COLUMNS } from '@lead-engine/core/contact-csv-columns';
import { Alert, Button, Code, FileInput, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { describeContactImportError } from '../../../shared/api/error-messages';
import { useImportContacts } from '../api/import-contacts.mutation';
import { byteWords } from '../contact-import-words';

/** Choose a CSV and upload it; the engine checks its header at once and queues the import. */
export function ImportCsvForm({ onStarted }: { onStarted: (started: ContactImportDetail) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const importing = useImportContacts();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setMissingFile(true);
    importing.mutate(file, {
      onSuccess: (started) => {
        setFile(null);
        onStarted(started);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          A header row, UTF-8, one contact a row. Required columns: <Code>{CONTACT_CSV_REQUIRED_COLUMNS.join(', ')}</Code>. A row with the{' '}
          <Code>id</Code> of a contact updates it; rows that break the format are listed with their line numbers.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a .csv file"
          accept=".csv,text/csv"
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
          // Mantine's placeholder grey is too pale for 4.5:1 on white.
          styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
          value={file}
          onChange={(picked) => {
            setFile(picked);
            setMissingFile(false);
            importing.reset();
          }}
          description={`At most ${byteWords(CONTACT_IMPORT_MAX_BYTES)}; the import keeps running on the server if you leave this page.`}
          error={missingFile ? 'Choose a CSV file to import.' : null}
          data-testid="contacts-file"
        />
        {importing.isError && (
          <Alert color="red" role="alert" data-testid="import-refused">
            {describeContactImportError(importing.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={importing.isPending}>
            Import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
