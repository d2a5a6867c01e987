import type { OpenApiResponseValidator, RecordedResponse } from './openapi-response-validator';

/** Outside /api/v1 only the documented routes are checked; the docs page's static assets are not API. */
const isApiTraffic = (path: string, validator: OpenApiResponseValidator) =>
  path === '/api/v1' || path.startsWith('/api/v1/') || validator.templateOf(path) !== undefined;

function requestOf(input: Parameters<typeof fetch>[0], init: Parameters<typeof fetch>[1]): { method: string; url: URL } {
  const request = input instanceof Request ? input : undefined;
  const url = new URL(request ? request.url : String(input));
  return { method: (init?.method ?? request?.method ?? 'GET').toUpperCase(), url };
}

async function bodyOf(response: Response): Promise<string | null> {
  try {
    return await response.text();
  } catch {
    return null;
  }
}

/**
 * Wraps the global fetch the e2e tests (and their support clients) call the engine with, and checks each
 * engine response against the OpenAPI document on a clone, so the test still reads the original.
 */
export class EngineTrafficRecorder {
  private pending: Array<Promise<string | undefined>> = [];
  private originalFetch: typeof fetch | undefined;

  constructor(private readonly validator: OpenApiResponseValidator) {}

  install(): void {
    const originalFetch = (this.originalFetch = globalThis.fetch);
    globalThis.fetch = async (input, init) => {
      const response = await originalFetch(input, init);
      const { method, url } = requestOf(input, init);
      if (isApiTraffic(url.pathname, this.validator)) this.pending.push(this.check(method, url.pathname, response.clone()));
      return response;
    };
  }

  uninstall(): void {
    if (this.originalFetch) globalThis.fetch = this.originalFetch;
  }

  /** The violations recorded since the last call, one line each. */
  async takeViolations(): Promise<string[]> {
    const checks = this.pending;
    this.pending = [];
    return (await Promise.all(checks)).filter((violation): violation is string => violation !== undefined);
  }

  private async check(method: string, path: string, response: Response): Promise<string | undefined> {
    const recorded: RecordedResponse = { method, path, status: response.status, headers: response.headers, body: await bodyOf(response) };
    const problems = this.validator.problemsOf(recorded);
    if (problems.length === 0) return undefined;
    return `${method} ${path} -> ${response.status}\n${problems.map((problem) => `    ${problem}`).join('\n')}`;
  }
}
