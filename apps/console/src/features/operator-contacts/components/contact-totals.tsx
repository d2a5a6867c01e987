import type { OperatorContacts } from '@lead-engine/contracts/console';
import { SimpleGrid, Text } from '@mantine/core';
import { number } from '../contact-import-words';
import { ValueCountTable } from './value-count-table';

const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "Germany (DE)"; a code the browser does not know stays as it is. */
function countryLabel(code: string): string {
  try {
    const name = regions.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

export function ContactTotals({ totals }: { totals: OperatorContacts }) {
  return (
    <>
      <Text size="lg">
        <strong data-testid="contacts-total">{number.format(totals.total)}</strong> {totals.total === 1 ? 'contact' : 'contacts'} in the
        lead table
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <ValueCountTable title="By country" column="Country" counts={totals.by_country} label={countryLabel} testId="by-country" />
        <ValueCountTable title="By industry" column="Industry" counts={totals.by_industry} testId="by-industry" />
        <ValueCountTable title="By company size" column="Employees" counts={totals.by_company_size} testId="by-company-size" />
      </SimpleGrid>
    </>
  );
}
