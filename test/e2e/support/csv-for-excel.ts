const UTF8_BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

/** A download's bytes as sent: Response.text() would drop a byte order mark. */
export async function downloadBytes(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url, { headers });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The "for Excel" file is the plain one behind the UTF-8 byte order mark, byte for byte. */
export function expectExcelTwin(plain: Buffer, excel: Buffer): void {
  expect(plain.subarray(0, 3).equals(UTF8_BYTE_ORDER_MARK)).toBe(false);
  expect(excel.subarray(0, 3).equals(UTF8_BYTE_ORDER_MARK)).toBe(true);
  expect(excel.subarray(3).toString('utf8')).toBe(plain.toString('utf8'));
}
