/** Excel on Windows reads a CSV as UTF-8 only when the file begins with this mark. */
const UTF8_BYTE_ORDER_MARK = '\uFEFF';

/** Saves CSV text made in the browser as a file, without a round trip; for Excel, marked as UTF-8. */
export function saveCsv(text: string, filename: string, flavour: { excel: boolean }): void {
  const body = flavour.excel ? UTF8_BYTE_ORDER_MARK + text : text;
  const url = URL.createObjectURL(new Blob([body], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
