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
    expect(classifyScrapeOutcome(response())).toMatchObject({ outcome: 'ok', reason: 'readable text' });
  });

  it.each([401, 403, 429, 451])('is blocked for HTTP %i, whatever the page says', (status) => {
    expect(classifyScrapeOutcome(response({ status, botWall: false }))).toMatchObject({ outcome: 'blocked', reason: `HTTP ${status}` });
  });

  it('is blocked by robots.txt and by bot walls, even behind a 503', () => {
    expect(classifyScrapeOutcome({ kind: 'robots-disallowed', url: 'https://acme.com/' }).outcome).toBe('blocked');
    expect(classifyScrapeOutcome(response({ botWall: true }))).toMatchObject({ outcome: 'blocked', reason: 'bot wall' });
    expect(classifyScrapeOutcome(response({ status: 503, botWall: true })).outcome).toBe('blocked');
  });

  it('is no_content when reachable without readable text', () => {
    expect(classifyScrapeOutcome(response({ status: 404 }))).toMatchObject({ outcome: 'no_content', reason: 'HTTP 404' });
    expect(classifyScrapeOutcome(response({ status: 500 })).outcome).toBe('no_content');
    expect(classifyScrapeOutcome(response({ status: 304 })).outcome).toBe('no_content');
    expect(classifyScrapeOutcome(response({ html: false }))).toMatchObject({ outcome: 'no_content', reason: 'not HTML' });
    expect(classifyScrapeOutcome(response({ textChars: 0 }))).toMatchObject({ outcome: 'no_content', reason: 'no readable text' });
    expect(classifyScrapeOutcome({ kind: 'too-many-redirects' }).outcome).toBe('no_content');
    expect(classifyScrapeOutcome({ kind: 'unreachable', detail: 'connection refused' })).toMatchObject({
      outcome: 'no_content',
      reason: 'unreachable: connection refused',
    });
  });

  it('is invalid for what is no reachable host name', () => {
    expect(classifyScrapeOutcome({ kind: 'not-a-host-name' }).outcome).toBe('invalid');
    expect(classifyScrapeOutcome({ kind: 'no-dns-answer', host: 'nowhere.test' })).toMatchObject({
      outcome: 'invalid',
      reason: 'no DNS answer for nowhere.test',
    });
    expect(classifyScrapeOutcome({ kind: 'refused-address', host: 'evil.test', address: '127.0.0.1', range: 'loopback' })).toMatchObject({
      outcome: 'invalid',
      reason: 'evil.test is 127.0.0.1 (loopback), a refused address',
    });
  });

  it('has no content when the page costs more to read than its budget', () => {
    expect(classifyScrapeOutcome({ kind: 'page-over-budget', detail: 'nested deeper than 512 elements' })).toMatchObject({
      outcome: 'no_content',
      reason: 'page not read: nested deeper than 512 elements',
    });
    expect(classifyScrapeOutcome(response({ textChars: 40, overBudget: 'nested deeper than 512 elements' }))).toMatchObject({
      outcome: 'no_content',
      reason: 'page not read: nested deeper than 512 elements',
    });
    expect(classifyScrapeOutcome(response({ status: 403, overBudget: 'nested deeper than 512 elements' })).outcome).toBe('blocked');
  });

  it('names the cause the API reports, with the status when a status decided it', () => {
    const cause = (observation: ScrapeObservation) => {
      const { cause, httpStatus } = classifyScrapeOutcome(observation);
      return [cause, httpStatus];
    };
    expect(cause(response())).toEqual([null, null]);
    expect(cause(response({ status: 403 }))).toEqual(['http_status', 403]);
    expect(cause(response({ status: 404 }))).toEqual(['http_status', 404]);
    expect(cause(response({ status: 503, botWall: true }))).toEqual(['bot_wall', null]);
    expect(cause(response({ html: false }))).toEqual(['not_html', null]);
    expect(cause(response({ textChars: 0 }))).toEqual(['no_text', null]);
    expect(cause(response({ overBudget: 'too deep' }))).toEqual(['page_over_budget', null]);
    expect(cause({ kind: 'page-over-budget', detail: 'slow' })).toEqual(['page_over_budget', null]);
    expect(cause({ kind: 'robots-disallowed', url: 'https://acme.com/' })).toEqual(['robots', null]);
    expect(cause({ kind: 'too-many-redirects' })).toEqual(['too_many_redirects', null]);
    expect(cause({ kind: 'unreachable', detail: 'timed out' })).toEqual(['unreachable', null]);
    expect(cause({ kind: 'not-a-host-name' })).toEqual(['not_a_host', null]);
    expect(cause({ kind: 'no-dns-answer', host: 'nowhere.test' })).toEqual(['no_dns', null]);
    expect(cause({ kind: 'refused-address', host: 'evil.test', address: '10.0.0.1', range: 'private' })).toEqual(['private_address', null]);
  });
});
