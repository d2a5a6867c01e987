import { DomainError } from '../../errors/domain-error';
import { generateContacts } from '../synthetic';
import { normalizeFilters } from '../normalize-filters';
import { countLeads } from './count-leads';
import { indexedDictionary } from '../../../testing/leads/indexed-dictionary';
import { syntheticLeadTable } from '../../../testing/leads/synthetic-lead-tables';
import { TextDictionary } from '../indexes/text-dictionary';
import { withTextSearchBudget } from '../indexes/text-search-budget';

const TEXTS = Array.from({ length: 2000 }, (_, index) => `company ${index} builds cloud software for logistics and health care`);

function refusal(run: () => unknown): DomainError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
}

describe('withTextSearchBudget', () => {
  it('stops a search that would read more than the budget before it reads, with a 400 that says why', () => {
    const plain = TextDictionary.from(TEXTS);
    const bytes = plain.bytes;
    const refused = refusal(() => withTextSearchBudget(bytes / 2, () => plain.matching('!!', false)));
    expect(refused?.code).toBe('VALIDATION_ERROR');
    expect(refused?.message).toContain('would search more than');
    expect(refused?.extra).toEqual({ details: [{ path: 'filters', message: expect.stringContaining('read at most') }] });
    expect(withTextSearchBudget(bytes * 2, () => plain.matching('!!', false)).every((match) => match === 0)).toBe(true);
    // A cached answer reads nothing.
    expect(refusal(() => withTextSearchBudget(0, () => plain.matching('!!', false)))).toBeNull();
  });

  it('charges a word found through the index its vocabulary and postings, not the texts', () => {
    const indexed = indexedDictionary(TEXTS);
    const textBytes = TextDictionary.from(TEXTS).bytes;
    expect(refusal(() => withTextSearchBudget(textBytes / 4, () => indexed.matching('logistic', false)))).toBeNull();
    expect(refusal(() => withTextSearchBudget(textBytes / 4, () => indexed.matching('health', true)))).toBeNull();
    // A phrase is confirmed in every candidate text, each read in full.
    expect(refusal(() => withTextSearchBudget(textBytes / 4, () => indexed.matching('cloud software', false)))?.code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it('bounds a whole count: a hundred uncached terms that each read every description are refused, the same count without a budget answers', () => {
    const table = syntheticLeadTable([...generateContacts(3000, 7)].map((contact, index) => [index + 1, contact] as const));
    const hostile = normalizeFilters({ includeKeywords: Array.from({ length: 100 }, (_, index) => '~'.repeat(index + 1)) });
    const descriptionBytes = table.companies.descriptions.chunks[0].bytes;
    expect(refusal(() => withTextSearchBudget(descriptionBytes * 10, () => countLeads(table, hostile)))?.code).toBe('VALIDATION_ERROR');
    expect(countLeads(table, hostile).total).toBe(0);
    const modest = normalizeFilters({ includeKeywords: ['software', 'health'], jobTitles: ['manager'] });
    expect(refusal(() => withTextSearchBudget(descriptionBytes * 10, () => countLeads(table, modest)))).toBeNull();
  });

  it('leaves code outside a budget unmetered, and restores the outer budget after an inner one', () => {
    const plain = TextDictionary.from(TEXTS);
    expect(plain.matching('##', false)).toHaveLength(TEXTS.length);
    const inner = () => withTextSearchBudget(plain.bytes * 4, () => plain.matching('%%', false));
    expect(refusal(() => withTextSearchBudget(plain.bytes / 2, () => inner()))).toBeNull();
  });
});
