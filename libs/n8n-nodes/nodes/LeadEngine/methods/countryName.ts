/** "Germany (DE)" for "DE", so typing a country's name finds it; the bare code when it names no known region. */
export function countryName(code: string): string {
  const name = regionName(code);
  return name ? `${name} (${code})` : code;
}

function regionName(code: string): string | undefined {
  try {
    return new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }).of(code);
  } catch {
    return undefined;
  }
}
