/// <reference lib="dom" />
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { dropDatabase, engineEnv as benchEngineEnv, withDatabase } from './support/bench-database';
import { cli, ENGINE_MAIN } from './support/engine-cli';
import { acceptInvite } from './support/accept-invite';
import { freePort, startNodeProcess } from './support/processes';
import { percentile } from './support/stats';

const CONTACTS = Number(process.env.BENCH_CONSOLE_CONTACTS ?? 100_000);
const LOADS = Number(process.env.BENCH_CONSOLE_LOADS ?? 15);
const CHANGES = Number(process.env.BENCH_CONSOLE_CHANGES ?? 40);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** As the end-to-end tests launch it: nothing reaches for Google's services, which a closed network refuses. */
const QUIET_CHROMIUM = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const VIEWPORT = { width: 1280, height: 800 };
/** Long tasks that start after the count shows still belong to the first load (the rest of the page settling). */
const SETTLE_MS = 500;
const COUNT = '[data-testid="estimated-total"]';
/** BENCH_CONSOLE_WATERFALL=1: also prints each load's requests and long tasks on the page's clock, to see what the count waits for. */
const WATERFALL = process.env.BENCH_CONSOLE_WATERFALL === '1';

/**
 * Runs in every page before the app: long tasks, each change of the shown count, and the time of the last
 * Enter or click, all on the page's clock (performance.now(), 0 at navigation start).
 */
function recordInPage(countSelector: string): void {
  const page = window as unknown as ConsoleWindow;
  page.__longTasks = [];
  page.__countTexts = [];
  page.__lastInputAt = -1;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) page.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver(() => {
    const text = document.querySelector(countSelector)?.textContent ?? null;
    const last = page.__countTexts[page.__countTexts.length - 1];
    if (text !== null && text !== last?.text) page.__countTexts.push({ at: performance.now(), text });
  }).observe(document, { subtree: true, childList: true, characterData: true });
  const noteInput = (event: Event) => {
    if (event.type === 'click' || (event as KeyboardEvent).key === 'Enter') page.__lastInputAt = performance.now();
  };
  window.addEventListener('keydown', noteInput, true);
  window.addEventListener('click', noteInput, true);
}

interface ConsoleWindow {
  __longTasks: Array<{ start: number; duration: number }>;
  __countTexts: Array<{ at: number; text: string }>;
  __lastInputAt: number;
}

type ResourceKind = 'js' | 'css' | 'api' | 'other';

interface Transfer {
  /** Bodies as sent (compressed when they were), without the headers. */
  wire: number;
  decoded: number;
  withHeaders: number;
  responses: number;
}

interface Load {
  countVisibleMs: number;
  longestTaskMs: number;
  longTasksMs: number;
  transfer: Record<ResourceKind, Transfer>;
  encodings: Set<string>;
}

/**
 * The console's Leads page in a fresh Chromium against the built engine (its own process, as `npm start`
 * runs it) with its demo contacts: the first load until the count of matching leads shows, the longest
 * main-thread task of that load, what it transferred, and how long a filter takes to change the count.
 */
export async function runConsoleBenchmark(): Promise<void> {
  const database = `le_bench_console_${Date.now().toString(36)}`;
  const port = await freePort();
  const engineUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...benchEngineEnv(database),
    DEMO_DATA: 'true',
    DEMO_CONTACT_COUNT: String(CONTACTS),
    PUBLIC_URL: engineUrl,
  };
  let engine: Awaited<ReturnType<typeof startNodeProcess>> | undefined;
  let browser: Browser | undefined;
  try {
    process.stderr.write(`starting the engine, generating ${CONTACTS.toLocaleString('en-US')} demo contacts…\n`);
    engine = await startNodeProcess(ENGINE_MAIN, [], env, '/ready', port);
    const account = await cli(['accounts:create', '--name', 'Console bench', '--credits', '1'], env);
    const owner = await cli(['users:invite', '--account', account.accountId, '--email', 'owner@bench.test', '--role', 'owner'], env);
    const session = (await acceptInvite(engineUrl, owner.inviteUrl)).value;
    const titles = await commonJobTitles(database, CHANGES);

    browser = await chromium.launch({ executablePath: CHROMIUM, args: QUIET_CHROMIUM });
    const open = async () => {
      const context = await browser!.newContext({ viewport: VIEWPORT });
      await context.addCookies([{ name: 'le_session', value: session, url: engineUrl }]);
      await context.addInitScript(recordInPage, COUNT);
      return { context, page: await context.newPage() };
    };

    process.stderr.write('warm-up load…\n');
    await measureLoad(await open(), engineUrl);
    const loads: Load[] = [];
    for (let index = 0; index < LOADS; index++) {
      loads.push(await measureLoad(await open(), engineUrl));
      process.stderr.write(`load ${index + 1}/${LOADS}: count after ${Math.round(loads[index].countVisibleMs)} ms\n`);
    }

    const added: number[] = [];
    const removed: number[] = [];
    let opened: { context: BrowserContext; page: Page } | undefined;
    try {
      for (let index = 0; index < CHANGES; index++) {
        // A title this page has not counted yet, so the count is asked of the engine, not the page's cache.
        if (index % titles.length === 0) {
          await opened?.context.close();
          opened = await open();
          await opened.page.goto(`${engineUrl}/app/leads`);
          await countSettled(opened.page, 1);
        }
        const title = titles[index % titles.length];
        added.push(await measureChange(opened!.page, () => addJobTitle(opened!.page, title)));
        removed.push(await measureChange(opened!.page, () => opened!.page.getByRole('button', { name: `Remove ${title}` }).click()));
        process.stderr.write(
          `change ${index + 1}/${CHANGES} (“${title}”): ${Math.round(added[index])} ms, back ${Math.round(removed[index])} ms\n`,
        );
      }
    } finally {
      await opened?.context.close();
    }

    const first = loads[0].transfer;
    const encodings = [...loads[0].encodings].join(', ') || 'none';
    const longest = loads.map((load) => load.longestTaskMs);
    process.stdout.write(
      [
        `console benchmark: /app/leads signed in, ${CONTACTS.toLocaleString('en-US')} demo contacts, ${LOADS} loads each in a fresh Chromium context (empty cache, after 1 warm-up load), ${CHANGES} filter changes, ${VIEWPORT.width}×${VIEWPORT.height}; the filter rows run from the Enter or click to the changed count, any debounce of the page's included`,
        `first count visible                        p50 ${ms(percentile(timesOf(loads), 0.5))}   p95 ${ms(percentile(timesOf(loads), 0.95))}`,
        `longest main-thread task of a first load   median ${ms(percentile(longest, 0.5))}   max ${ms(Math.max(...longest))}   long tasks in all, median ${ms(
          percentile(
            loads.map((load) => load.longTasksMs),
            0.5,
          ),
        )}`,
        `job title added → new count (engine)       p50 ${ms(percentile(added, 0.5))}   p95 ${ms(percentile(added, 0.95))}`,
        `job title removed → count (page's cache)   p50 ${ms(percentile(removed, 0.5))}   p95 ${ms(percentile(removed, 0.95))}`,
        `first load transferred, bodies (scripts and stylesheets encoded ${encodings})`,
        ...(['js', 'css', 'api', 'other'] as const).map((kind) => transferRow(kind, first[kind])),
        transferRow('total', sumTransfers(Object.values(first))),
      ].join('\n') + '\n',
    );
  } finally {
    await browser?.close();
    await engine?.stop();
    if (process.env.BENCH_KEEP_DATABASE === '1') process.stderr.write(`kept the database ${database}\n`);
    else await dropDatabase(database);
  }
}

async function measureLoad({ context, page }: { context: BrowserContext; page: Page }, engineUrl: string): Promise<Load> {
  try {
    const transfer = { js: emptyTransfer(), css: emptyTransfer(), api: emptyTransfer(), other: emptyTransfer() };
    const encodings = new Set<string>();
    const kinds = new Map<string, ResourceKind>();
    const headerBytes = new Map<string, number>();
    const cdp = await context.newCDPSession(page);
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const kind: ResourceKind =
        type === 'Script' ? 'js' : type === 'Stylesheet' ? 'css' : response.mimeType === 'application/json' ? 'api' : 'other';
      kinds.set(requestId, kind);
      // What arrived by the time the response was announced: its headers (loadingFinished counts them too).
      headerBytes.set(requestId, response.encodedDataLength);
      const encoding = Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
      if (encoding && (kind === 'js' || kind === 'css')) encodings.add(String(encoding));
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const kind = kinds.get(requestId);
      if (kind) transfer[kind].decoded += dataLength;
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const kind = kinds.get(requestId);
      if (!kind) return;
      transfer[kind].wire += encodedDataLength - (headerBytes.get(requestId) ?? 0);
      transfer[kind].withHeaders += encodedDataLength;
      transfer[kind].responses++;
    });
    await cdp.send('Network.enable');

    await page.goto(`${engineUrl}/app/leads`);
    await countSettled(page, 1);
    await page.waitForTimeout(SETTLE_MS);
    const { countVisibleMs, tasks } = await page.evaluate(() => {
      const recorded = window as unknown as ConsoleWindow;
      return { countVisibleMs: recorded.__countTexts[0].at, tasks: recorded.__longTasks.map((task) => task.duration) };
    });
    if (WATERFALL) process.stderr.write(await waterfallOf(page));
    return {
      countVisibleMs,
      longestTaskMs: Math.max(0, ...tasks),
      longTasksMs: tasks.reduce((sum, duration) => sum + duration, 0),
      transfer,
      encodings,
    };
  } finally {
    await context.close();
  }
}

/** What the page asked for and when, its long tasks and when the count showed, in the order they began. */
async function waterfallOf(page: Page): Promise<string> {
  const rows = await page.evaluate(() => {
    const recorded = window as unknown as ConsoleWindow;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return [
      { at: 0, until: navigation.responseEnd, what: 'document' },
      { at: navigation.domContentLoadedEventStart, until: navigation.domContentLoadedEventEnd, what: 'DOMContentLoaded' },
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
        at: entry.startTime,
        until: entry.responseEnd,
        what: `${entry.initiatorType} ${new URL(entry.name).pathname}${new URL(entry.name).search.slice(0, 40)}`,
      })),
      ...recorded.__longTasks.map((task) => ({ at: task.start, until: task.start + task.duration, what: 'long task' })),
      ...recorded.__countTexts.slice(0, 1).map((count) => ({ at: count.at, until: count.at, what: `count shows ${count.text}` })),
    ].sort((a, b) => a.at - b.at);
  });
  return rows.map((row) => `  ${ms(row.at).padStart(9)} → ${ms(row.until).padStart(9)}  ${row.what}\n`).join('') + '\n';
}

/** The count shows its `changes`-th value, and neither the count nor the rows are being fetched. */
async function countSettled(page: Page, changes: number): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (window as unknown as ConsoleWindow).__countTexts.length >= expected &&
      document.querySelector('[data-testid="lead-count"]')?.getAttribute('aria-busy') === 'false' &&
      document.querySelector('[aria-label="Masked leads"]')?.getAttribute('aria-busy') === 'false',
    changes,
    { timeout: 60_000 },
  );
}

/** From the input event to the first change of the shown count, on the page's clock. */
async function measureChange(page: Page, change: () => Promise<void>): Promise<number> {
  const before = await page.evaluate(() => (window as unknown as ConsoleWindow).__countTexts.length);
  await change();
  await countSettled(page, before + 1);
  return page.evaluate((index) => {
    const recorded = window as unknown as ConsoleWindow;
    return recorded.__countTexts[index].at - recorded.__lastInputAt;
  }, before);
}

/** As a person adds a title: types it into Job titles, then Enter. */
async function addJobTitle(page: Page, title: string): Promise<void> {
  const field = page.getByLabel('Job titles');
  await field.fill(title);
  await field.press('Enter');
}

/** Titles that narrow the count differently, most common first (a comma would split one into two terms). */
async function commonJobTitles(database: string, wanted: number): Promise<string[]> {
  const { rows } = await withDatabase(database, (client) =>
    client.query<{ job_title: string }>(
      `SELECT job_title FROM contacts WHERE job_title NOT LIKE '%,%' AND job_title <> ''
       GROUP BY job_title ORDER BY count(*) DESC, job_title LIMIT $1`,
      [wanted],
    ),
  );
  if (rows.length === 0) throw new Error('the demo contacts have no job titles');
  return rows.map((row) => row.job_title);
}

const emptyTransfer = (): Transfer => ({ wire: 0, decoded: 0, withHeaders: 0, responses: 0 });
const sumTransfers = (all: Transfer[]): Transfer =>
  all.reduce((sum, one) => ({
    wire: sum.wire + one.wire,
    decoded: sum.decoded + one.decoded,
    withHeaders: sum.withHeaders + one.withHeaders,
    responses: sum.responses + one.responses,
  }));
const timesOf = (loads: Load[]) => loads.map((load) => load.countVisibleMs);
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toLocaleString('en-US', { maximumFractionDigits: bytes < 10_000 ? 1 : 0 })} KB`;
const TRANSFER_NAMES: Record<ResourceKind | 'total', string> = {
  js: 'JavaScript',
  css: 'CSS',
  api: 'API (JSON)',
  other: 'other (HTML, fonts, images)',
  total: 'total',
};
const transferRow = (kind: ResourceKind | 'total', transfer: Transfer) =>
  `  ${TRANSFER_NAMES[kind].padEnd(41)} ${kb(transfer.wire)} on the wire (${kb(transfer.decoded)} decoded), ` +
  `${transfer.responses} ${transfer.responses === 1 ? 'response' : 'responses'}, ${kb(transfer.withHeaders)} with headers`;
