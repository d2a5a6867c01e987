/** What a client with a 2 s timeout (n8n's, say) gets from one call: the answer, or that it gave up. */
export interface TimedAnswer {
  call: string;
  status: number | 'gave up';
  retryAfter: string | null;
  body: any;
}

/** Calls an engine as a client that gives up after 2 s. */
export function impatientClient(baseUrl: string, apiKey: string) {
  return async (call: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TimedAnswer> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(2_000),
    }).catch(() => null);
    if (!response) return { call, status: 'gave up', retryAfter: null, body: null };
    const text = await response.text();
    return { call, status: response.status, retryAfter: response.headers.get('retry-after'), body: text.startsWith('{') ? JSON.parse(text) : text };
  };
}

/** Log lines that call for attention: pino's warn (40) and above, and anything that is not pino's JSON. */
export function noisyLines(log: string): string[] {
  return log.split('\n').filter((line) => line.trim() !== '' && !/"level":(10|20|30),/.test(line));
}
