import { FILTER_LIST_LIMITS } from '@lead-engine/contracts';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SignedInUser } from './support/console-session';
import { useHarness } from './support/harness';
import { http } from './support/http';
import { callTool, connectMcp, keyHeaders, McpClient, toolErrorOf } from './support/mcp-client';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const MB = 1024 * 1024;
const TEXT_LISTS = ['includeKeywords', 'jobTitles', 'excludeKeywords', 'excludeTitles'] as const;

/** Heap in use once garbage is collected (twice: the second collects what the first finalized). */
function settledHeap(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** `count` distinct terms of `length` characters, unlike those of any other `salt`. */
const terms = (count: number, salt: string, length = 6) =>
  Array.from({ length: count }, (_, index) => `${salt}-${index}-`.padEnd(length, 'q'));

/**
 * An engine over 20,000 demo contacts with an account reached through all three doors: its key
 * (/api/v1), its owner signed in (/console/api) and an MCP client; torn down after the describe block.
 */
function engineWithThreeDoors(label: string, env: Record<string, string> = {}) {
  const harness = useHarness({ label, env: { DEMO_DATA: 'true', DEMO_CONTACT_COUNT: '20000', ...env } });
  const doors = {} as {
    engine: typeof harness.engine;
    apiKey: string;
    owner: SignedInUser;
    mcp: McpClient;
  };
  beforeAll(async () => {
    doors.engine = harness.engine;
    const account = await harness.createAccount(label);
    doors.apiKey = account.apiKey;
    doors.owner = await harness.signIn({ accountId: account.accountId, role: 'owner' });
    doors.mcp = await connectMcp('v2-2026', doors.engine.url, keyHeaders('v2-2026', doors.apiKey));
    harness.closeAfterAll(() => doors.mcp.close());
  }, 120_000);
  return doors;
}

describe('what one lead query may cost, on every door (issue 41)', () => {
  const doors = engineWithThreeDoors('query_bounds');
  const viaApi = (route: 'search' | 'browse', body: unknown) =>
    http(doors.engine.url, 'POST', `/api/v1/leads/${route}`, { apiKey: doors.apiKey, body });
  const viaConsole = (body: unknown) => doors.owner.client.json('POST', '/console/api/leads/count', { body });

  /** Runs `work` while /health is asked every 50 ms; the slowest /health answer, in ms. */
  async function slowestHealthDuring(work: () => Promise<void>): Promise<number> {
    let slowest = 0;
    let done = false;
    const probe = (async () => {
      while (!done) {
        const startedAt = performance.now();
        expect((await fetch(`${doors.engine.url}/health`)).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - startedAt);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      await work();
    } finally {
      done = true;
      await probe;
    }
    return slowest;
  }

  it('refuses 50,000 keywords or titles with 400 naming the limit on /api/v1, /console/api and /mcp, and /health answers meanwhile', async () => {
    const slowest = await slowestHealthDuring(async () => {
      for (const field of TEXT_LISTS) {
        const filters = { [field]: terms(50_000, 'x') };
        const expected = `${field}: At most ${FILTER_LIST_LIMITS.textEntries} entries`;
        for (const answer of [await viaApi('search', filters), await viaApi('browse', filters), await viaConsole(filters)]) {
          expect(answer.status).toBe(400);
          expect(answer.body).toMatchObject({
            code: 'VALIDATION_ERROR',
            details: [{ path: field, message: `At most ${FILTER_LIST_LIMITS.textEntries} entries` }],
          });
          expect(answer.body.message).toContain(expected);
        }
        for (const tool of ['count_leads', 'browse_leads']) {
          const refused = toolErrorOf(await callTool(doors.mcp, tool, filters));
          expect(refused).toMatchObject({ code: 'VALIDATION_ERROR' });
          expect(refused.message).toContain(expected);
        }
      }
      const tooLong = await viaApi('search', { jobTitles: ['y'.repeat(FILTER_LIST_LIMITS.entryCharacters + 1)] });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.details).toEqual([{ path: 'jobTitles.0', message: 'Each entry takes at most 200 characters' }]);
      const tooMuch = await viaConsole({ includeKeywords: terms(60, 'z', 199) });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.body.details).toEqual([{ path: 'includeKeywords', message: 'At most 10000 characters in all' }]);
    });
    expect(slowest).toBeLessThan(1000);
  });

  it('answers 30 counts with distinct lists at the limits and gives the memory back: the heap ends within 100 MB of where it began', async () => {
    const fullList = (salt: string) => terms(FILTER_LIST_LIMITS.textEntries, salt, 99);
    // One count first, so that what the engine keeps for good (its table, the dictionaries' word index) is in the baseline.
    expect((await viaApi('search', { includeKeywords: fullList('warm') })).status).toBe(200);
    const before = settledHeap();
    const slowest = await slowestHealthDuring(async () => {
      for (let request = 0; request < 30; request++) {
        const filters = {
          includeKeywords: [...fullList(`k${request}`).slice(1), 'software'],
          jobTitles: fullList(`t${request}`),
          excludeKeywords: fullList(`e${request}`),
          excludeTitles: fullList(`s${request}`),
        };
        if (request % 3 === 0) {
          const answer = await viaApi('search', filters);
          expect(answer.status).toBe(200);
          expect(Object.keys(answer.body.keywords)).toHaveLength(FILTER_LIST_LIMITS.textEntries);
        } else if (request % 3 === 1) {
          const answer = await viaConsole(filters);
          expect(answer.status).toBe(200);
        } else {
          const answer = await callTool(doors.mcp, 'count_leads', filters);
          expect(answer.isError).toBeFalsy();
        }
      }
    });
    const grownMb = (settledHeap() - before) / MB;
    expect(grownMb).toBeLessThan(100);
    expect(slowest).toBeLessThan(1000);
  });

  it('still counts each keyword of a full list exactly, as it counts one alone', async () => {
    const filters = { includeKeywords: [...terms(FILTER_LIST_LIMITS.textEntries - 2, 'w'), 'software', 'health'] };
    const full = await viaApi('search', filters);
    expect(full.status).toBe(200);
    for (const term of ['software', 'health']) {
      const alone = await viaApi('search', { includeKeywords: [term] });
      expect(alone.body.estimated_total).toBeGreaterThan(0);
      expect(full.body.keywords[term]).toBe(alone.body.estimated_total);
    }
  });
});

describe('what the text searches of one query may read (LEAD_QUERY_TEXT_BUDGET_MB)', () => {
  const doors = engineWithThreeDoors('query_text_budget', { LEAD_QUERY_TEXT_BUDGET_MB: '2' });
  // 20,000 demo contacts have about half a megabyte of company descriptions: a term that no word index can serve reads them all.
  const hostile = { includeKeywords: Array.from({ length: FILTER_LIST_LIMITS.textEntries }, (_, index) => '~'.repeat(index + 1)) };
  const api = (path: string, body: unknown) => http(doors.engine.url, 'POST', `/api/v1/leads/${path}`, { apiKey: doors.apiKey, body });
  const refusedAsTooMuchText = (body: any) => {
    expect(body).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'filters', message: 'Text searches of one request read at most 2 MB' }],
    });
    expect(body.message).toContain('would search more than 2 MB of job titles and company descriptions');
  };

  it('refuses, with a 400 that says why, filters whose searches would read past the budget, on every door that answers on the serving thread', async () => {
    for (const answer of [
      await api('search', hostile),
      await api('browse', hostile),
      await api('exports/quote', { ...hostile, limit: 10 }),
      await doors.owner.client.json('POST', '/console/api/leads/count', { body: hostile }),
    ]) {
      expect(answer.status).toBe(400);
      refusedAsTooMuchText(answer.body);
    }
    refusedAsTooMuchText(toolErrorOf(await callTool(doors.mcp, 'count_leads', hostile)));
    expect((await fetch(`${doors.engine.url}/health`)).status).toBe(200);
  });

  it('answers queries within the budget: words found through the index, and a term that reads every description once', async () => {
    const modest = await api('search', {
      includeKeywords: ['software', 'health'],
      excludeKeywords: ['consulting'],
      jobTitles: ['manager', 'head of'],
    });
    expect(modest.status).toBe(200);
    expect(modest.body.estimated_total).toBeGreaterThan(0);
    const oneScan = await api('search', { includeKeywords: ['~~'] });
    expect(oneScan.status).toBe(200);
    expect(oneScan.body.keywords).toEqual({ '~~': 0 });
    expect((await api('browse', { includeKeywords: ['~~'] })).status).toBe(200);
  });
});
