import { classifyScrapeOutcome, ScrapeObservation } from './classify-scrape-outcome';

const response = (overrides: Partial<Extract<ScrapeObservation, { kind: 'response' }>> = {}): ScrapeObservation => ({
  kind: 'response',
  status: 200,
  html: true,
  botWall: false,
  textChars: 120,
  ...overrides,
});

describe('classifyScrapeOutcome', () => {
  it('is ok for an HTML page with readable text', () => {
    expect(classifyScrapeOutcome(response())).toEqual({ outcome: 'ok', reason: 'readable text' });
  });

  it.each([401, 403, 429, 451])('is blocked for HTTP %i, whatever the page says', (status) => {
    expect(classifyScrapeOutcome(response({ status, botWall: false }))).toEqual({ outcome: 'blocked', reason: `HTTP ${status}` });
  });

  it('is blocked by robots.txt and by bot walls, even behind a 503', () => {
    expect(classifyScrapeOutcome({ kind: 'robots-disallowed', url: 'https://acme.com/' }).outcome).toBe('blocked');
    expect(classifyScrapeOutcome(response({ botWall: true }))).toEqual({ outcome: 'blocked', reason: 'bot wall' });
    expect(classifyScrapeOutcome(response({ status: 503, botWall: true })).outcome).toBe('blocked');
  });

  it('is no_content when reachable without readable text', () => {
    expect(classifyScrapeOutcome(response({ status: 404 }))).toEqual({ outcome: 'no_content', reason: 'HTTP 404' });
    expect(classifyScrapeOutcome(response({ status: 500 })).outcome).toBe('no_content');
    expect(classifyScrapeOutcome(response({ status: 304 })).outcome).toBe('no_content');
    expect(classifyScrapeOutcome(response({ html: false }))).toEqual({ outcome: 'no_content', reason: 'not HTML' });
    expect(classifyScrapeOutcome(response({ textChars: 0 }))).toEqual({ outcome: 'no_content', reason: 'no readable text' });
    expect(classifyScrapeOutcome({ kind: 'too-many-redirects' }).outcome).toBe('no_content');
    expect(classifyScrapeOutcome({ kind: 'unreachable', detail: 'connection refused' })).toEqual({
      outcome: 'no_content',
      reason: 'unreachable: connection refused',
    });
  });

  it('is invalid for what is no reachable host name', () => {
    expect(classifyScrapeOutcome({ kind: 'not-a-host-name' }).outcome).toBe('invalid');
    expect(classifyScrapeOutcome({ kind: 'no-dns-answer', host: 'nowhere.test' })).toEqual({
      outcome: 'invalid',
      reason: 'no DNS answer for nowhere.test',
    });
    expect(classifyScrapeOutcome({ kind: 'refused-address', host: 'evil.test', address: '127.0.0.1', range: 'loopback' })).toEqual({
      outcome: 'invalid',
      reason: 'evil.test is 127.0.0.1 (loopback), a refused address',
    });
  });

  it('has no content when the page costs more to read than its budget', () => {
    expect(classifyScrapeOutcome({ kind: 'page-over-budget', detail: 'nested deeper than 512 elements' })).toEqual({
      outcome: 'no_content',
      reason: 'page not read: nested deeper than 512 elements',
    });
    expect(classifyScrapeOutcome(response({ textChars: 40, overBudget: 'nested deeper than 512 elements' }))).toEqual({
      outcome: 'no_content',
      reason: 'page not read: nested deeper than 512 elements',
    });
    expect(classifyScrapeOutcome(response({ status: 403, overBudget: 'nested deeper than 512 elements' })).outcome).toBe('blocked');
  });
});
