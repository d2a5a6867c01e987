import { accountSearchTerms } from './account-search-terms';

const KEY = `le_live_${'A'.repeat(43)}`;
const escaped = (start: string) => start.replace(/_/g, '\\_');

describe('accountSearchTerms', () => {
  it('lists every account for no text', () => {
    expect(accountSearchTerms(undefined)).toBeNull();
    expect(accountSearchTerms('   ')).toBeNull();
  });

  it('matches a part of a name, with LIKE wildcards taken literally', () => {
    expect(accountSearchTerms(' 100%_off\\ ')).toEqual({
      namePattern: '%100\\%\\_off\\\\%',
      accountId: null,
      email: null,
      keyPrefixPattern: null,
    });
  });

  it('reads a uuid as an account id and text with @ as an email, both lower-cased', () => {
    const id = 'A1B2C3D4-0000-4000-8000-00000000000F';
    expect(accountSearchTerms(id)?.accountId).toBe(id.toLowerCase());
    expect(accountSearchTerms('Olive@Example.COM')?.email).toBe('olive@example.com');
  });

  it('reads the start of a key, or a whole key, as its lookup prefix; too short a start matches names only', () => {
    expect(accountSearchTerms(KEY.slice(0, 14))?.keyPrefixPattern).toBe(`${escaped(KEY.slice(0, 14))}%`);
    expect(accountSearchTerms(KEY)?.keyPrefixPattern).toBe(`${escaped(KEY.slice(0, 20))}%`);
    expect(accountSearchTerms('le_live_A')?.keyPrefixPattern).toBeNull();
  });
});
