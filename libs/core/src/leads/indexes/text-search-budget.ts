import { DomainError } from '../../errors/domain-error';

interface Meter {
  readonly budget: number;
  read: number;
}

/** The meter of the query being answered: text searches are synchronous, so only one is ever running. */
let current: Meter | null = null;

const megabytes = (bytes: number) => `${Math.round((bytes / 2 ** 20) * 10) / 10} MB`;

/**
 * Runs `query` with at most `budgetBytes` of text read by its term searches (titles, company
 * descriptions, their vocabularies and match arrays), charged before each read: past the budget the
 * query stops with a 400 before it reads more, so no filter set can hold the thread longer than the
 * budget takes to read. What was searched by then stays cached, as any answer does.
 */
export function withTextSearchBudget<T>(budgetBytes: number, query: () => T): T {
  const outer = current;
  current = { budget: budgetBytes, read: 0 };
  try {
    return query();
  } finally {
    current = outer;
  }
}

/** Charges `bytes` about to be read to the query being answered, if it runs within a budget. */
export function chargeTextSearch(bytes: number): void {
  if (current === null) return;
  current.read += bytes;
  if (current.read > current.budget) {
    const limit = megabytes(current.budget);
    throw new DomainError(
      'VALIDATION_ERROR',
      `These text filters would search more than ${limit} of job titles and company descriptions in one request. ` +
        'Use fewer terms, or terms of whole words (letters and digits), which the word index finds without reading every text.',
      { details: [{ path: 'filters', message: `Text searches of one request read at most ${limit}` }] },
    );
  }
}
