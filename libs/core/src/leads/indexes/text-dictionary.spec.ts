import { containsSubstring, containsWholeWords, fold } from '../text-matching';
import { TextDictionary } from './text-dictionary';
import { indexedDictionary } from '../../../testing/leads/indexed-dictionary';

const TEXTS = [
  'Cloud SaaS for logistics teams',
  'AI-first maintenance of supply chains',
  'Public   safety and public-safety training',
  'Ünïcode Café services; naïve AI',
  'CTO office',
  'director of sales, Director',
  '',
  'ai',
  'Münchner KI und AI',
  'thai food; e-commerce & c++ tooling',
  'data data data-driven',
];
const TERMS = [
  'ai',
  'AI',
  'saas',
  'public safety',
  'safety training',
  'café',
  'CAFÉ services',
  'naïve ai',
  'cto',
  'director',
  'of',
  'tain',
  's',
  '',
  '  ',
  'ki und',
  'chains',
  'teams x',
  'ünï',
  'public-safety',
  'e-commerce',
  'c++',
  '++',
  '&',
  ' & ',
  'data-driven',
  'data data',
  'a data',
  'thai',
  'hai',
  'no such word',
];

describe('TextDictionary', () => {
  const dictionary = TextDictionary.from(TEXTS.map(fold));

  it('keeps each text, folded', () => {
    expect(dictionary.size).toBe(TEXTS.length);
    TEXTS.forEach((text, id) => expect(dictionary.value(id)).toBe(fold(text)));
  });

  it.each(TERMS.flatMap((term) => [[term, 'plain'] as const, [term, 'indexed'] as const]))(
    'finds %j exactly where the reference matchers do (%s)',
    (term, kind) => {
      const searched = kind === 'plain' ? dictionary : indexedDictionary(TEXTS);
      expect(searched.words === null).toBe(kind === 'plain');
      expect(Array.from(searched.matching(term, false))).toEqual(TEXTS.map((text) => (containsSubstring(text, term) ? 1 : 0)));
      expect(Array.from(searched.matching(term, true))).toEqual(TEXTS.map((text) => (containsWholeWords(text, term) ? 1 : 0)));
    },
  );

  it('answers a repeated term from its cache with the same result', () => {
    expect(dictionary.matching('saas', false)).toBe(dictionary.matching('saas', false));
  });
});
