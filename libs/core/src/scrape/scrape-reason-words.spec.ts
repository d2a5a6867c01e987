import { scrapeReasonWords } from './scrape-reason-words';

describe('scrapeReasonWords', () => {
  it('says a reason in words, with the status the site answered', () => {
    expect(scrapeReasonWords('private_address', null)).toBe('the address is in a private network, which this server refuses to read');
    expect(scrapeReasonWords('http_status', 403)).toBe('the site answered 403');
    expect(scrapeReasonWords('http_status', null)).toBe('the site answered an error status');
  });

  it('says nothing when there is no reason', () => {
    expect(scrapeReasonWords(null, null)).toBe('');
  });
});
