import { createContactGenerator } from '../synthetic';
import { Prng } from '../synthetic/prng';
import { containsSubstring, containsWholeWords } from '../text-matching';
import { fromTransferable, toTransferable } from './lead-table-transfer';
import { LeadTableBuilder } from './lead-table';
import { TextDictionary } from '../indexes/text-dictionary';
import { indexedDictionary } from '../../../testing/leads/indexed-dictionary';
import { WordIndexBuilder } from '../indexes/word-index-builder';

const TEXTS = [
  'AI-first maintenance',
  'Ünïcode Café; naïve AI',
  '',
  'ai',
  'Münchner KI und AI',
  'public-safety training',
  'data data data-driven',
];

function expectReferenceAnswers(dictionary: TextDictionary, texts: readonly string[], term: string): void {
  expect(Array.from(dictionary.matching(term, false))).toEqual(texts.map((text) => (containsSubstring(text, term) ? 1 : 0)));
  expect(Array.from(dictionary.matching(term, true))).toEqual(texts.map((text) => (containsWholeWords(text, term) ? 1 : 0)));
}

describe('TextDictionary with a word index', () => {
  it('lists each text once per word, ascending, whatever the repeats within a text', () => {
    const words = indexedDictionary(TEXTS).words!;
    expect(Array.from(words.textsWith('data'))).toEqual([6]);
    expect(Array.from(words.textsWith('ai'))).toEqual([0, 1, 3, 4]);
    expect(Array.from(words.textsWith('public'))).toEqual([5]);
    expect(Array.from(words.textsWith('nothing'))).toEqual([]);
  });

  it('agrees with the reference matchers on generated company descriptions and random terms', () => {
    const generator = createContactGenerator(7);
    const texts = [...new Set(Array.from({ length: 3000 }, () => generator.next().companyDescription))];
    const dictionary = indexedDictionary(texts);
    const random = new Prng(11);
    const terms: string[] = [];
    for (let round = 0; round < 150; round++) {
      const text = texts[random.nextInt(texts.length)];
      const start = random.nextInt(Math.max(1, text.length - 12));
      terms.push(text.slice(start, start + 1 + random.nextInt(12)));
    }
    for (const term of terms) expectReferenceAnswers(dictionary, texts, term);
  });

  it('holds more words and texts than it was sized for, with word ids past 16 bits', () => {
    const builder = new WordIndexBuilder();
    builder.add(Array.from({ length: 1100 }, (_, word) => `x${word}`).join(' '));
    const texts = 70_000;
    for (let text = 1; text <= texts; text++) builder.add(`w${text} common w${text}`);
    const words = builder.build();
    expect(Array.from(words.textsWith('x1099'))).toEqual([0]);
    expect(Array.from(words.textsWith('w1'))).toEqual([1]);
    expect(Array.from(words.textsWith('w65536'))).toEqual([65536]);
    expect(Array.from(words.textsWith('w70000'))).toEqual([70000]);
    expect(words.textsWith('common')).toHaveLength(texts);
  });

  it('keeps its word index across a thread transfer of the lead table', () => {
    const builder = new LeadTableBuilder();
    TEXTS.forEach((description, index) =>
      builder.addCompany({ industry: `industry ${index}`, sizeBucket: '1-10', companyType: 'private', description }),
    );
    const { table, transfer } = toTransferable([builder.build()]);
    const [copy] = fromTransferable(structuredClone(table, { transfer }));
    const [descriptions] = copy.companies.descriptions.chunks;
    expect(descriptions.words).not.toBeNull();
    for (const term of ['ai', 'public safety', 'data-driven', 'café;', 'hai']) expectReferenceAnswers(descriptions, TEXTS, term);
  });
});
