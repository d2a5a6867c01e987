import type { IDataObject } from 'n8n-workflow';

/** The file name of a `Content-Disposition: attachment; filename="…"` header, if any. */
export function attachmentFilename(headers: IDataObject): string | undefined {
  const disposition = String(headers['content-disposition'] ?? '');
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1];
}
