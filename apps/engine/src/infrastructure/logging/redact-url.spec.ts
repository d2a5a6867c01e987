import { redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each(['api_key', 'apikey', 'key', 'token', 'access_token', 'secret', 'password', 'signature', 'sig'])('redacts %s', (name) => {
    expect(redactUrl(`/api/v1/credits?${name}=le_live_abc123`)).toBe(`/api/v1/credits?${name}=[redacted]`);
  });

  it('matches names in any case and percent-encoded, and keeps the other parameters as sent', () => {
    expect(redactUrl('/x?page=2&API_KEY=s3cr3t&q=a%20b&Token=t&%61pi_key=e')).toBe(
      '/x?page=2&API_KEY=[redacted]&q=a%20b&Token=[redacted]&%61pi_key=[redacted]',
    );
  });

  it('redacts every occurrence, a value-less one and a value holding = or a fragment', () => {
    expect(redactUrl('/x?key=a&key=b=c&sig')).toBe('/x?key=[redacted]&key=[redacted]&sig=[redacted]');
    expect(redactUrl('/x?token=abc#frag')).toBe('/x?token=[redacted]#frag');
  });

  it('leaves URLs without secrets alone, including names that only contain a secret word', () => {
    for (const url of ['/health', '/x?', '/x?monkey=1&keys=2&token_type=bearer', '/x?%zz=1']) expect(redactUrl(url)).toBe(url);
  });
});
