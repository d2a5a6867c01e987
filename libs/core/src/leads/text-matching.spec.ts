import {
  containsSubstring,
  containsWholeWords,
  type KeywordFilter,
  matchesKeywordFilter,
  matchesTitleFilter,
  type TitleFilter,
  tokenizeWords,
} from './text-matching';

const titles = (over: Partial<TitleFilter>): TitleFilter => ({
  jobTitles: [],
  excludeTitles: [],
  exactMatch: false,
  ...over,
});
const keywords = (over: Partial<KeywordFilter>): KeywordFilter => ({
  includeKeywords: [],
  excludeKeywords: [],
  exactMatch: false,
  matchAny: true,
  ...over,
});

describe('tokenizeWords', () => {
  it('splits on anything that is not a letter or digit and folds case', () => {
    expect(tokenizeWords('VP, Sales & Marketing/R&D (North-East) — 2nd')).toEqual([
      'vp',
      'sales',
      'marketing',
      'r',
      'd',
      'north',
      'east',
      '2nd',
    ]);
  });

  it('keeps Unicode letters inside words', () => {
    expect(tokenizeWords('Ärzte für Zoë Müller, 東京')).toEqual(['ärzte', 'für', 'zoë', 'müller', '東京']);
  });

  it('treats a decomposed accent as part of its letter', () => {
    expect(tokenizeWords('Jose\u0301 Garci\u0301a')).toEqual(['josé', 'garcía']);
  });

  it('has no words in punctuation only', () => {
    expect(tokenizeWords(' ++ / & ')).toEqual([]);
  });
});

describe('containsSubstring', () => {
  it('matches case-insensitively inside words', () => {
    expect(containsSubstring('Director of Sales', 'cto')).toBe(true);
    expect(containsSubstring('Senior ENGINEER', 'engine')).toBe(true);
    expect(containsSubstring('Director of Sales', 'ceo')).toBe(false);
  });

  it('matches punctuation literally on the raw text', () => {
    expect(containsSubstring('Senior C++ Developer', 'c++')).toBe(true);
    expect(containsSubstring('Senior C# Developer', 'c++')).toBe(false);
    expect(containsSubstring('Head of R&D', 'r&d')).toBe(true);
    expect(containsSubstring('Head of R & D', 'r&d')).toBe(false);
  });

  it('folds Unicode case', () => {
    expect(containsSubstring('ÄRZTE OHNE GRENZEN', 'ärzte')).toBe(true);
  });

  it('never matches an empty term', () => {
    expect(containsSubstring('anything', '')).toBe(false);
  });
});

describe('containsWholeWords', () => {
  it('does not match a word inside another word', () => {
    expect(containsWholeWords('Director of Sales', 'cto')).toBe(false);
    expect(containsWholeWords('Chief Technology Officer (CTO)', 'cto')).toBe(true);
    expect(containsWholeWords('CTO/Co-Founder', 'cto')).toBe(true);
  });

  it('matches a several-word term only where its words are consecutive', () => {
    expect(containsWholeWords('Senior Vice President, Sales', 'vice president')).toBe(true);
    expect(containsWholeWords('Vice-President of Marketing', 'VICE PRESIDENT')).toBe(true);
    expect(containsWholeWords('Vice Chair and President', 'vice president')).toBe(false);
    expect(containsWholeWords('President, Vice', 'vice president')).toBe(false);
    expect(containsWholeWords('Advice Presidential', 'vice president')).toBe(false);
  });

  it('splits punctuated terms into their words', () => {
    expect(containsWholeWords('Head of R&D', 'r&d')).toBe(true);
    expect(containsWholeWords('Head of R & D', 'r&d')).toBe(true);
    expect(containsWholeWords('Head of R&D', 'r d')).toBe(true);
    expect(containsWholeWords('Head of Research', 'r&d')).toBe(false);
    // "c++" has the single word "c", so it meets any title with the word C.
    expect(containsWholeWords('Senior C++ Developer', 'c++')).toBe(true);
    expect(containsWholeWords('C# Developer', 'c++')).toBe(true);
    expect(containsWholeWords('Cloud Developer', 'c++')).toBe(false);
  });

  it('treats hyphens, slashes and ampersands as word separators', () => {
    expect(containsWholeWords('B2B SaaS/cloud-native platform', 'cloud')).toBe(true);
    expect(containsWholeWords('Mergers&Acquisitions', 'acquisitions')).toBe(true);
    expect(containsWholeWords('e-commerce', 'commerce')).toBe(true);
    expect(containsWholeWords('ecommerce', 'commerce')).toBe(false);
  });

  it('handles Unicode letters and case', () => {
    expect(containsWholeWords('Verband der ÄRZTE', 'ärzte')).toBe(true);
    expect(containsWholeWords('Zahnärzte', 'ärzte')).toBe(false);
    expect(containsWholeWords('Café Zoë', 'zoë')).toBe(true);
    expect(containsWholeWords('Café Zoe', 'zoë')).toBe(false);
  });

  it('never matches a term without words', () => {
    expect(containsWholeWords('C++ & co', '++')).toBe(false);
    expect(containsWholeWords('anything', '')).toBe(false);
  });
});

describe('matchesTitleFilter', () => {
  it('has no constraint without job titles', () => {
    expect(matchesTitleFilter('Accountant', titles({}))).toBe(true);
    expect(matchesTitleFilter(null, titles({}))).toBe(true);
  });

  it('ORs job titles', () => {
    const filter = titles({ jobTitles: ['cto', 'founder'] });
    expect(matchesTitleFilter('Co-Founder', filter)).toBe(true);
    expect(matchesTitleFilter('CTO', filter)).toBe(true);
    expect(matchesTitleFilter('Accountant', filter)).toBe(false);
    expect(matchesTitleFilter(null, filter)).toBe(false);
  });

  it('lets a short substring hit unrelated titles unless exactMatch is on', () => {
    expect(matchesTitleFilter('Director of Sales', titles({ jobTitles: ['cto'] }))).toBe(true);
    expect(matchesTitleFilter('Director of Sales', titles({ jobTitles: ['cto'], exactMatch: true }))).toBe(false);
    expect(matchesTitleFilter('Chief Technology Officer / CTO', titles({ jobTitles: ['cto'], exactMatch: true }))).toBe(true);
  });

  it('drops titles matching any exclude title, in the same mode', () => {
    expect(matchesTitleFilter('VP of Sales', titles({ jobTitles: ['sales'], excludeTitles: ['vp'] }))).toBe(false);
    expect(matchesTitleFilter('Internal Auditor', titles({ excludeTitles: ['intern'] }))).toBe(false);
    expect(matchesTitleFilter('Internal Auditor', titles({ excludeTitles: ['intern'], exactMatch: true }))).toBe(true);
    expect(matchesTitleFilter('Sales Intern', titles({ excludeTitles: ['intern'], exactMatch: true }))).toBe(false);
  });
});

describe('matchesKeywordFilter', () => {
  const description = 'Brightpath Analytics builds AI-powered, cloud-native SaaS for B2B healthcare teams.';

  it('has no constraint without keywords', () => {
    expect(matchesKeywordFilter(null, keywords({}))).toBe(true);
  });

  it('ORs include keywords when matchAny is true', () => {
    expect(matchesKeywordFilter(description, keywords({ includeKeywords: ['blockchain', 'saas'] }))).toBe(true);
    expect(matchesKeywordFilter(description, keywords({ includeKeywords: ['blockchain', 'crypto'] }))).toBe(false);
  });

  it('ANDs include keywords when matchAny is false', () => {
    const all = (includeKeywords: string[]) => keywords({ includeKeywords, matchAny: false });
    expect(matchesKeywordFilter(description, all(['saas', 'healthcare', 'b2b']))).toBe(true);
    expect(matchesKeywordFilter(description, all(['saas', 'logistics']))).toBe(false);
  });

  it('drops a description matching any exclude keyword', () => {
    const saasButNotHealth = keywords({ includeKeywords: ['saas'], excludeKeywords: ['health'] });
    expect(matchesKeywordFilter(description, saasButNotHealth)).toBe(false);
    expect(matchesKeywordFilter(description, { ...saasButNotHealth, exactMatch: true })).toBe(true);
    expect(matchesKeywordFilter(null, keywords({ excludeKeywords: ['health'] }))).toBe(true);
  });

  it('matches keywords as whole words when exactMatch is on', () => {
    const exact = (includeKeywords: string[]) => keywords({ includeKeywords, exactMatch: true });
    expect(matchesKeywordFilter(description, exact(['ai']))).toBe(true);
    expect(matchesKeywordFilter(description, exact(['cloud native']))).toBe(true);
    expect(matchesKeywordFilter(description, exact(['analytic']))).toBe(false);
    expect(matchesKeywordFilter('Retail chain', keywords({ includeKeywords: ['ai'] }))).toBe(true);
    expect(matchesKeywordFilter('Retail chain', exact(['ai']))).toBe(false);
  });
});
