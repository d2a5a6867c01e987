import { decodeHtml, htmlCharset, isHtml } from './decode-html';

const bytes = (text: string, encoding: BufferEncoding = 'utf8') => new Uint8Array(Buffer.from(text, encoding));

describe('htmlCharset and decodeHtml', () => {
  it('prefers the byte order mark, then the header, then a meta tag, then UTF-8', () => {
    expect(htmlCharset(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), 'text/html; charset=iso-8859-1')).toBe('utf-8');
    expect(htmlCharset(bytes('<meta charset="shift_jis">'), 'text/html; charset="ISO-8859-1"')).toBe('iso-8859-1');
    expect(htmlCharset(bytes('<head><meta charset=windows-1252>'), 'text/html')).toBe('windows-1252');
    expect(htmlCharset(bytes('<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">'), null)).toBe('koi8-r');
    expect(htmlCharset(bytes('<p>plain</p>'), null)).toBe('utf-8');
  });

  it('decodes in the declared charset and falls back to UTF-8 for unknown labels', () => {
    expect(decodeHtml(bytes('<p>caf\u00e9</p>', 'latin1'), 'text/html; charset=iso-8859-1')).toBe('<p>café</p>');
    expect(decodeHtml(bytes('<p>café</p>'), 'text/html; charset=no-such-charset')).toBe('<p>café</p>');
  });
});

describe('isHtml', () => {
  it('trusts the Content-Type when there is one', () => {
    expect(isHtml('text/html; charset=utf-8', bytes('{}'))).toBe(true);
    expect(isHtml('application/xhtml+xml', bytes(''))).toBe(true);
    expect(isHtml('application/json', bytes('<html>'))).toBe(false);
    expect(isHtml('application/pdf', bytes('%PDF'))).toBe(false);
  });

  it('sniffs the start of the body when there is none', () => {
    expect(isHtml(null, bytes('  <!-- hi --><!DOCTYPE html><html>'))).toBe(true);
    expect(isHtml(null, bytes('<html lang="en">'))).toBe(true);
    expect(isHtml(null, bytes('%PDF-1.7'))).toBe(false);
  });
});
