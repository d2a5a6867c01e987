import type { ConsoleStartedScrape } from '@lead-engine/contracts/console';
import { Alert, Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { describeScrapeError } from '../../../shared/api/error-messages';
import { ConfirmActions } from '../../../shared/ui/confirm-actions';
import { CostLines, credits } from '../../../shared/ui/cost-lines';
import { useQuoteScrape } from '../api/quote-scrape.mutation';
import { useStartScrape } from '../api/start-scrape.mutation';
import { useQuotedStart } from '../api/use-quoted-start';
import { number } from '../job-words';
import { droppedPortWords, entriesWords, MAX_SCRAPE_ENTRIES, scrapeEntriesOf, skippedWords } from '../scrape-entries';
import { StartJobModal } from './start-job-modal';

const sitesWord = (count: number) => (count === 1 ? 'site' : 'sites');

/**
 * Read websites: domains, URLs or emails pasted or taken from a .txt/.csv file; "Check price" asks the
 * hold (free, nothing held) and shows it with the balance after; Confirm starts the scrape holding exactly
 * that. Changing the list discards the price.
 */
export function StartScrapeModal({
  opened,
  onClose,
  onStarted,
}: {
  opened: boolean;
  onClose: () => void;
  onStarted: (started: ConsoleStartedScrape & { sites: number }) => void;
}) {
  return (
    <StartJobModal opened={opened} onClose={onClose} title="Read websites" size="lg">
      <StartScrapeForm onClose={onClose} onStarted={onStarted} />
    </StartJobModal>
  );
}

function StartScrapeForm({
  onClose,
  onStarted,
}: {
  onClose: () => void;
  onStarted: (started: ConsoleStartedScrape & { sites: number }) => void;
}) {
  const [text, setText] = useState('');
  /** The file the list was taken from and how many of its cells named no site; gone once the text is edited. */
  const [file, setFile] = useState<{ name: string; skipped: number } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const resetFile = useRef<() => void>(null);
  const { entries, skipped, withPort } = useMemo(() => scrapeEntriesOf(text), [text]);
  const portNotice = droppedPortWords(withPort);
  const tooMany = entries.length > MAX_SCRAPE_ENTRIES;
  const { price, checking, checkError, starting, startError, canConfirm, discard, check, confirm } = useQuotedStart(
    useQuoteScrape(),
    useStartScrape(),
  );

  const change = (next: string, from: { name: string; skipped: number } | null) => {
    setText(next);
    setFile(from);
    setFileError(null);
    discard();
  };
  const readFile = async (picked: File | null) => {
    resetFile.current?.();
    if (!picked) return;
    try {
      const found = scrapeEntriesOf(await picked.text());
      if (found.entries.length === 0) setFileError(`No domains, URLs or emails found in ${picked.name}.`);
      else change(found.entries.join('\n'), { name: picked.name, skipped: found.skipped });
    } catch {
      setFileError(`${picked.name} could not be read.`);
    }
  };
  const checkPrice = () => {
    if (entries.length > 0 && !tooMany) check(entries);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        checkPrice();
      }}
      noValidate
    >
      <Stack>
        <Textarea
          label="Websites"
          description="Domains, URLs or emails, one per line or separated by commas or spaces, or a .txt or .csv file of them. Each site is read once."
          placeholder={'example.com\nhttps://example.org/about\nana@example.net'}
          autosize
          minRows={5}
          maxRows={12}
          value={text}
          onChange={(event) => change(event.currentTarget.value, null)}
          error={tooMany ? `At most ${number.format(MAX_SCRAPE_ENTRIES)} entries: split the list.` : undefined}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          data-autofocus
          data-testid="scrape-domains"
        />
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" role="status" data-testid="scrape-entries">
            {entriesWords(entries.length, file?.name)}
            {file
              ? file.skipped > 0 && `; ${number.format(file.skipped)} other ${file.skipped === 1 ? 'cell' : 'cells'} left out`
              : skippedWords(skipped)}
          </Text>
          <Group gap="xs">
            <FileButton
              onChange={(picked) => void readFile(picked)}
              accept=".txt,.csv,text/plain,text/csv"
              resetRef={resetFile}
              inputProps={{ 'aria-label': 'A .txt or .csv file of websites' }}
            >
              {(props) => (
                <Button variant="default" {...props}>
                  Choose a file…
                </Button>
              )}
            </FileButton>
            <Button type="submit" variant={price ? 'default' : 'filled'} disabled={entries.length === 0 || tooMany} loading={checking}>
              Check price
            </Button>
          </Group>
        </Group>
        {portNotice && (
          <Text size="sm" data-testid="scrape-ports">
            {portNotice}
          </Text>
        )}
        {fileError && (
          <Alert color="red" role="alert">
            {fileError}
          </Alert>
        )}
        {checkError && (
          <Alert color="red" role="alert">
            {describeScrapeError(checkError)}
          </Alert>
        )}
        {price && (
          <Stack gap="xs" data-testid="scrape-price">
            {price.sites !== entries.length && (
              <Text size="sm">
                These {entriesWords(entries.length)} name {number.format(price.sites)} different {sitesWord(price.sites)}.
              </Text>
            )}
            <CostLines
              lines={[[`${number.format(price.sites)} ${sitesWord(price.sites)} × 1 credit held`, credits(price.credits)]]}
              total={price.credits}
              totalLabel="Held"
              balance={price.balance}
            />
            {price.credits > price.balance && (
              <Alert color="yellow" role="status">
                The balance is too low for these sites. Read fewer.
              </Alert>
            )}
            <Text size="sm" c="gray.7">
              Nothing is held until you confirm. Sites that cannot be read (no text, blocked or not a site) are refunded when the job ends.
            </Text>
          </Stack>
        )}
        <ConfirmActions
          confirmLabel="Confirm"
          onConfirm={() =>
            confirm(
              (quoted) => ({ domains: entries, credits: quoted.credits }),
              (started, quoted) => onStarted({ ...started, sites: quoted.sites }),
            )
          }
          onCancel={onClose}
          pending={starting}
          error={startError}
          describe={describeScrapeError}
          disabled={!canConfirm}
        />
      </Stack>
    </form>
  );
}
