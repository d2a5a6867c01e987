const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The charset a page declares: byte order mark, then Content-Type, then a <meta> in its first 1024 bytes; UTF-8 otherwise. */
export function htmlCharset(bytes: Uint8Array, contentType: string | null): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  const declared = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  if (declared) return declared.toLowerCase();
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return META_CHARSET.exec(head)?.[1]?.toLowerCase() ?? 'utf-8';
}

/** Decodes a page in its charset; an unknown label is read as UTF-8, and bad bytes become U+FFFD. */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): string {
  const charset = htmlCharset(bytes, contentType);
  if (charset === 'utf-8' || charset === 'utf8') return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)[\s>]/i;

/** HTML by its Content-Type, or, when the server sends none, by how the body starts. */
export function isHtml(contentType: string | null, start: Uint8Array): boolean {
  const mime = contentType?.split(';')[0].trim().toLowerCase();
  if (mime) return HTML_TYPES.has(mime);
  return HTML_START.test(Buffer.from(start.subarray(0, 512)).toString('latin1'));
}
