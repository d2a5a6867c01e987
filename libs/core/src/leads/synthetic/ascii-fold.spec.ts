import { asciiFold, asciiSlug } from './ascii-fold';

describe('asciiFold', () => {
  it.each([
    ['José', 'jose'],
    ['Müller', 'muller'],
    ['Groß', 'gross'],
    ['Østergaard', 'ostergaard'],
    ['Łukasz', 'lukasz'],
    ['Nguyễn', 'nguyen'],
    ["O'Brien", 'obrien'],
    ['Min-jun', 'minjun'],
    ['Yılmaz', 'yilmaz'],
  ])('%s → %s', (name, folded) => {
    expect(asciiFold(name)).toBe(folded);
  });
});

describe('asciiSlug', () => {
  it('joins the folded words', () => {
    expect(asciiSlug('Walker & Reed LLP')).toBe('walker-reed-llp');
    expect(asciiSlug("St. Mary's Café", '')).toBe('stmaryscafe');
    expect(asciiSlug('  ')).toBe('');
  });
});
