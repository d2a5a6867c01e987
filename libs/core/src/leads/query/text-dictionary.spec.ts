import { containsSubstring, containsWholeWords, fold } from '../text-matching';
import { TextDictionary } from './text-dictionary';

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
];

describe('TextDictionary', () => {
  const dictionary = TextDictionary.from(TEXTS.map(fold));

  it('keeps each text, folded', () => {
    expect(dictionary.size).toBe(TEXTS.length);
    TEXTS.forEach((text, id) => expect(dictionary.value(id)).toBe(fold(text)));
  });

  it.each(TERMS)('finds %j exactly where the reference matchers do', (term) => {
    const substring = Array.from(dictionary.matching(term, false));
    const wholeWords = Array.from(dictionary.matching(term, true));
    expect(substring).toEqual(TEXTS.map((text) => (containsSubstring(text, term) ? 1 : 0)));
    expect(wholeWords).toEqual(TEXTS.map((text) => (containsWholeWords(text, term) ? 1 : 0)));
  });

  it('answers a repeated term from its cache with the same result', () => {
    expect(dictionary.matching('saas', false)).toBe(dictionary.matching('saas', false));
  });
});
