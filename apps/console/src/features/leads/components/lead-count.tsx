import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { describeError } from '../../../shared/api/error-messages';
import type { CountResult } from '../api/leads.types';

const number = new Intl.NumberFormat('en-US');

/** The filters as the count names them (the echoed filters' names), in words. */
const FILTER_NAMES: Record<string, string> = {
  industryNames: 'the industry filter',
  companySizes: 'the company size filter',
  revenues: 'the revenue filter',
  companyTypes: 'the company type filter',
  countryCodes: 'the country filter',
  seniorities: 'the seniority filter',
  departments: 'the department filter',
  jobTitles: 'the job titles',
  excludeTitles: 'the excluded titles',
  includeKeywords: 'the include keywords',
  excludeKeywords: 'the excluded keywords',
};

const leads = (count: number) => `${number.format(count)} ${count === 1 ? 'lead' : 'leads'}`;

/** The live count: the matches of every filter, of the company filters alone, and what narrowed them, in words. */
export function LeadCount({ count }: { count: UseQueryResult<CountResult> }) {
  const result = count.data;
  return (
    <Stack gap={4} aria-live="polite" aria-busy={count.isFetching} data-testid="lead-count" data-loading={count.isFetching}>
      {count.isError && !result && (
        <Alert color="red" role="alert">
          {describeError(count.error)}
        </Alert>
      )}
      {!result && count.isPending && (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text>Counting…</Text>
        </Group>
      )}
      {result && (
        <>
          <Group gap="xs" align="baseline" wrap="wrap">
            <Text fz={28} fw={700} lh={1.1} data-testid="estimated-total">
              {result.basis === 'sampled' ? '≈ ' : ''}
              {number.format(result.estimated_total)}
            </Text>
            <Text fw={500}>{result.estimated_total === 1 ? 'lead matches' : 'leads match'} every filter</Text>
            {count.isFetching && <Loader size="xs" aria-label="Counting again" />}
          </Group>
          <Text size="sm" data-testid="firmographic-total">
            {leads(result.firmographic_total)} at companies matching the company filters alone (industry, size, country, revenue, type)
          </Text>
          {result.narrowed_by && (
            <Text size="sm" data-testid="narrowed-by">
              Most were removed by {FILTER_NAMES[result.narrowed_by.filter] ?? result.narrowed_by.filter}: without it,{' '}
              {leads(result.narrowed_by.before)} would match; with it, {number.format(result.narrowed_by.after)}.
            </Text>
          )}
          {result.keywords && Object.keys(result.keywords).length > 0 && (
            <Stack gap={0} component="ul" m={0} pl="md" data-testid="keyword-effects">
              {Object.entries(result.keywords).map(([term, matches]) => (
                <Text component="li" size="sm" key={term}>
                  “{term}” is in the description of the companies of {leads(matches)} within the other filters
                </Text>
              ))}
            </Stack>
          )}
          <Text size="xs" c="gray.7" data-testid="count-note">
            {result.note}
          </Text>
        </>
      )}
    </Stack>
  );
}
