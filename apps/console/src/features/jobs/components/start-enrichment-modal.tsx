import type { ConsoleEnrichmentQuote, ConsoleStartedEnrichment } from '@lead-engine/contracts/console';
import { Alert, Button, Checkbox, FileButton, Flex, Group, Input, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { describeEnrichmentError } from '../../../shared/api/error-messages';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { CostLines, credits } from '../../../shared/ui/cost-lines';
import { type EnrichmentUpload, useQuoteEnrichment } from '../api/quote-enrichment.mutation';
import { useStartEnrichment } from '../api/start-enrichment.mutation';
import { useQuotedStart } from '../api/use-quoted-start';
import {
  CUSTOM_FIELDS,
  ENRICHMENT_MAX_BYTES,
  ENRICHMENT_MAX_ROWS,
  type EnrichmentFieldId,
  enrichmentFieldCost,
  FIELD_NAMES,
  fieldPriceWords,
  fileSizeWords,
  inFieldOrder,
  perRowWords,
  STANDARD_FIELDS,
} from '../enrichment-fields';
import { number } from '../job-words';
import { StartJobModal } from './start-job-modal';

export type StartedEnrichment = ConsoleStartedEnrichment & { rows: number; filename: string };

const rowsWord = (count: number) => (count === 1 ? 'row' : 'rows');

/**
 * Enrich a CSV: a file, the fields to add (each with its price a row), the target ICP and the seller offer;
 * "Check price" uploads them to ask the hold (free, nothing held) and shows it with the balance after;
 * Confirm starts the enrichment holding exactly that. Changing anything discards the price.
 */
export function StartEnrichmentModal({
  opened,
  onClose,
  onStarted,
}: {
  opened: boolean;
  onClose: () => void;
  onStarted: (started: StartedEnrichment) => void;
}) {
  return (
    <StartJobModal opened={opened} onClose={onClose} title="Enrich a CSV" size="xl">
      <StartEnrichmentForm onClose={onClose} onStarted={onStarted} />
    </StartJobModal>
  );
}

function StartEnrichmentForm({ onClose, onStarted }: { onClose: () => void; onStarted: (started: StartedEnrichment) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [fields, setFields] = useState<EnrichmentFieldId[]>([]);
  const [targetIcp, setTargetIcp] = useState('');
  const [sellerOffer, setSellerOffer] = useState('');
  /** Once a price was asked for, what is missing is said next to it. */
  const [asked, setAsked] = useState(false);
  const resetFile = useRef<() => void>(null);
  const fileButton = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const targetIcpInput = useRef<HTMLInputElement>(null);
  const foot = useRef<HTMLDivElement>(null);
  const { price, checking, checkError, starting, startError, canConfirm, discard, check, confirm } = useQuotedStart(
    useQuoteEnrichment(),
    useStartEnrichment(),
  );

  // The price (or why there is none) appears below a long form: bring it and Confirm into view.
  useEffect(() => {
    if (price || checkError) foot.current?.scrollIntoView({ block: 'end' });
  }, [price, checkError]);

  const grading = fields.includes('icp_grading');
  const missing = {
    file: file ? null : (fileError ?? 'Choose a CSV file.'),
    fields: fields.length > 0 ? null : 'Pick at least one field.',
    targetIcp: grading && !targetIcp.trim() ? 'A target ICP is needed for ICP grade: say who you sell to.' : null,
  };
  const perRow = fields.reduce((sum, id) => sum + enrichmentFieldCost(id), 0);

  /** Every change: a price is for the file, fields and texts it was checked for. */
  const changed = discard;
  const pickFile = (picked: File | null) => {
    resetFile.current?.();
    if (!picked) return;
    changed();
    if (picked.size > ENRICHMENT_MAX_BYTES) {
      setFile(null);
      setFileError(
        `${picked.name} is ${fileSizeWords(picked.size)}: one enrichment takes at most ${fileSizeWords(ENRICHMENT_MAX_BYTES)}. Split the file.`,
      );
    } else {
      setFile(picked);
      setFileError(null);
    }
  };
  const pickFields = (group: readonly EnrichmentFieldId[], values: string[]) => {
    changed();
    setFields((previous) => inFieldOrder([...previous.filter((id) => !group.includes(id)), ...(values as EnrichmentFieldId[])]));
  };
  const upload = (): EnrichmentUpload | null =>
    file && !missing.fields && !missing.targetIcp ? { file, fields, targetIcp, sellerOffer } : null;

  const checkPrice = () => {
    setAsked(true);
    const ready = upload();
    if (ready) return check(ready);
    // The keyboard lands on the first thing to fix.
    if (missing.file) fileButton.current?.focus();
    else if (missing.fields) firstField.current?.focus();
    else targetIcpInput.current?.focus();
  };
  const startPriced = () => {
    const ready = upload();
    if (ready)
      confirm(
        (quoted) => ({ ...ready, credits: quoted.credits }),
        (started, quoted) => onStarted({ ...started, rows: quoted.rows, filename: ready.file.name }),
      );
  };

  const fieldBoxes = (group: readonly EnrichmentFieldId[]) =>
    group.map((id, index) => (
      <Checkbox
        key={id}
        value={id}
        label={FIELD_NAMES[id]}
        description={fieldPriceWords(id)}
        ref={group === STANDARD_FIELDS && index === 0 ? firstField : undefined}
        data-testid={`field-${id}`}
      />
    ));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        checkPrice();
      }}
      noValidate
    >
      <Stack>
        <Input.Wrapper
          label="CSV file"
          labelElement="div"
          description={`People or companies, one a row, each with a website/domain or an email column; at most ${fileSizeWords(ENRICHMENT_MAX_BYTES)} and ${number.format(ENRICHMENT_MAX_ROWS)} rows.`}
          error={fileError ?? (asked ? missing.file : null)}
        >
          <Group gap="sm" mt={6} wrap="nowrap">
            <FileButton
              onChange={pickFile}
              accept=".csv,text/csv"
              resetRef={resetFile}
              inputProps={{ 'aria-label': 'A .csv file of people or companies to enrich' }}
            >
              {(props) => (
                <Button variant="default" {...props} ref={fileButton} data-autofocus style={{ flexShrink: 0 }}>
                  {file ? 'Choose another…' : 'Choose a CSV file…'}
                </Button>
              )}
            </FileButton>
            <Text size="sm" data-testid="enrichment-file" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {file ? `${file.name} · ${fileSizeWords(file.size)}` : 'No file chosen'}
            </Text>
          </Group>
        </Input.Wrapper>

        <Stack gap="xs">
          <Flex direction={{ base: 'column', sm: 'row' }} gap="lg">
            <Checkbox.Group
              label="Standard fields"
              value={fields.filter((id) => STANDARD_FIELDS.includes(id))}
              onChange={(values) => pickFields(STANDARD_FIELDS, values)}
              error={asked ? missing.fields : null}
              style={{ flex: '1 1 0' }}
            >
              <Stack gap="xs" mt="xs">
                {fieldBoxes(STANDARD_FIELDS)}
              </Stack>
            </Checkbox.Group>
            <Checkbox.Group
              label="Custom fields"
              value={fields.filter((id) => CUSTOM_FIELDS.includes(id))}
              onChange={(values) => pickFields(CUSTOM_FIELDS, values)}
              style={{ flex: '2 1 0' }}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" mt="xs">
                {fieldBoxes(CUSTOM_FIELDS)}
              </SimpleGrid>
            </Checkbox.Group>
          </Flex>
          <Text size="sm" role="status" data-testid="enrichment-fields-chosen">
            {fields.length === 0
              ? 'No fields chosen yet.'
              : `${fields.length} ${fields.length === 1 ? 'field' : 'fields'} chosen: ${perRowWords(perRow)}.`}
          </Text>
        </Stack>

        <TextInput
          ref={targetIcpInput}
          label="Target ICP"
          description="Who you sell to, for example “US clinics with 10 to 200 staff”. Needed for ICP grade; it also guides ICP fit."
          required={grading}
          maxLength={500}
          value={targetIcp}
          onChange={(event) => {
            changed();
            setTargetIcp(event.currentTarget.value);
          }}
          error={missing.targetIcp}
        />
        <Textarea
          label="Seller offer"
          description="Optional: what you sell, used to write openers, subject lines and emails."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          value={sellerOffer}
          onChange={(event) => {
            changed();
            setSellerOffer(event.currentTarget.value);
          }}
        />

        <Group justify="flex-end">
          <Button type="submit" variant={price ? 'default' : 'filled'} loading={checking}>
            Check price
          </Button>
        </Group>

        {checkError && (
          <Alert color="red" role="alert">
            {describeEnrichmentError(checkError)}
          </Alert>
        )}
        <Stack ref={foot}>
          {price && <EnrichmentPrice price={price} />}
          <ConfirmActions
            confirmLabel="Confirm"
            onConfirm={startPriced}
            onCancel={onClose}
            pending={starting}
            error={startError}
            describe={describeEnrichmentError}
            disabled={!canConfirm}
          />
        </Stack>
      </Stack>
    </form>
  );
}

/** "3 rows × 5 credits a row = 15 credits held", each field's share, the balance now and after. */
function EnrichmentPrice({ price }: { price: ConsoleEnrichmentQuote }) {
  const perRow = price.fields.reduce((sum, field) => sum + field.credits_per_row, 0);
  return (
    <Stack gap="xs" data-testid="enrichment-price">
      <Text fw={500} data-testid="enrichment-hold">
        {number.format(price.rows)} {rowsWord(price.rows)} × {credits(perRow)} a row = {credits(price.credits)} held
      </Text>
      <CostLines
        lines={price.fields.map((field) => [
          `${FIELD_NAMES[field.id]}: ${number.format(price.rows)} ${rowsWord(price.rows)} × ${perRowWords(field.credits_per_row)}`,
          field.credits_per_row === 0 ? 'free' : credits(price.rows * field.credits_per_row),
        ])}
        total={price.credits}
        totalLabel="Held"
        balance={price.balance}
      />
      {price.credits > price.balance && (
        <Alert color="yellow" role="status">
          The balance is too low for this file and these fields. Pick fewer fields or a shorter file.
        </Alert>
      )}
      <Text size="sm" c="gray.7">
        Nothing is held until you confirm. Cells left empty (a site that cannot be read, nothing found) are refunded when the job ends.
      </Text>
    </Stack>
  );
}
