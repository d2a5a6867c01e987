import { createContactGenerator } from '../synthetic';
import { Prng } from '../synthetic/prng';
import { containsSubstring, containsWholeWords, fold } from '../text-matching';
import { fromTransferable, toTransferable } from './lead-table-transfer';
import { LeadTableBuilder } from './lead-table';
import { TextDictionary } from './text-dictionary';
import { TextDictionaryBuilder } from './text-dictionary-builder';

const TEXTS = [
  'AI-first maintenance',
  'Ünïcode Café; naïve AI',
  '',
  'ai',
  'Münchner KI und AI',
  'public-safety training',
  'data data data-driven',
];

function indexed(texts: readonly string[]): TextDictionary {
  const builder = new TextDictionaryBuilder({ indexWords: true });
  texts.forEach((text) => builder.add(fold(text)));
  return builder.build();
}

function expectReferenceAnswers(dictionary: TextDictionary, texts: readonly string[], term: string): void {
  expect(Array.from(dictionary.matching(term, false))).toEqual(texts.map((text) => (containsSubstring(text, term) ? 1 : 0)));
  expect(Array.from(dictionary.matching(term, true))).toEqual(texts.map((text) => (containsWholeWords(text, term) ? 1 : 0)));
}

describe('TextDictionary with a word index', () => {
  it('lists each text once per word, ascending, whatever the repeats within a text', () => {
    const words = indexed(TEXTS).words!;
    expect(Array.from(words.textsWith('data'))).toEqual([6]);
    expect(Array.from(words.textsWith('ai'))).toEqual([0, 1, 3, 4]);
    expect(Array.from(words.textsWith('public'))).toEqual([5]);
    expect(Array.from(words.textsWith('nothing'))).toEqual([]);
  });

  it('agrees with the reference matchers on generated company descriptions and random terms', () => {
    const generator = createContactGenerator(7);
    const texts = [...new Set(Array.from({ length: 3000 }, () => generator.next().companyDescription))];
    const dictionary = indexed(texts);
    const random = new Prng(11);
    const terms: string[] = [];
    for (let round = 0; round < 150; round++) {
      const text = texts[random.nextInt(texts.length)];
      const start = random.nextInt(Math.max(1, text.length - 12));
      terms.push(text.slice(start, start + 1 + random.nextInt(12)));
    }
    for (const term of terms) expectReferenceAnswers(dictionary, texts, term);
  });

  it('keeps its word index across a thread transfer of the lead table', () => {
    const builder = new LeadTableBuilder();
    TEXTS.forEach((description, index) =>
      builder.addCompany({ industry: `industry ${index}`, sizeBucket: '1-10', companyType: 'private', description }),
    );
    const { table, transfer } = toTransferable(builder.build());
    const copy = fromTransferable(structuredClone(table, { transfer }));
    expect(copy.descriptions.words).not.toBeNull();
    for (const term of ['ai', 'public safety', 'data-driven', 'café;', 'hai']) expectReferenceAnswers(copy.descriptions, TEXTS, term);
  });
});
