import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { EnrichmentClient } from './support/enrichment-client';
import { watchEngine } from './support/engine-watch';
import { useHarness } from './support/harness';

// Issue 32: an upload, whatever its shape or pace, neither takes the engine's memory nor holds its event loop.
const REQUEST_TIMEOUT_MS = 3000;
// Generous on purpose: two cores shared with other test runs (a CI run saw /health take 1.7 s once,
// four uploads at once beside another suite's Chromium). Each case prints its figures.
const RSS_GROWTH_BUDGET_MB = 200;
const HEALTH_BUDGET_MS = 5000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawAnswer {
  status: number | null;
  body: string;
  answeredAfterMs: number | null;
  closedAfterMs: number;
}

/**
 * A multipart upload over a raw socket (chunked), sent the way a hostile client would: the file's
 * pieces one after another, with a pause between them if asked. Stops writing once the connection
 * closes; says what came back and when the connection closed.
 */
function rawUpload(
  url: string,
  apiKey: string | null,
  pieces: Iterable<Buffer | string>,
  { pauseMs = 0, keepAlive = true } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  const boundary = '----hostile-upload';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="fields"\r\n\r\nopener\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="h.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(Number(port), hostname);
    let received = '';
    let answeredAfterMs: number | null = null;
    let closed = false;
    socket.on('data', (data) => {
      answeredAfterMs ??= performance.now() - started;
      received += data.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      const status = received.match(/^HTTP\/1\.1 (\d{3})/);
      resolve({
        status: status ? Number(status[1]) : null,
        body: received.split('\r\n\r\n').slice(1).join('\r\n\r\n'),
        answeredAfterMs,
        closedAfterMs: performance.now() - started,
      });
    });
    const frame = (data: Buffer | string) => {
      const bytes = Buffer.from(data);
      return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
    };
    socket.once('connect', async () => {
      const headers = [
        'POST /api/v1/enrich-csv HTTP/1.1',
        `Host: ${hostname}:${port}`,
        `Content-Type: multipart/form-data; boundary=${boundary}`,
        'Transfer-Encoding: chunked',
        ...(apiKey ? [`x-api-key: ${apiKey}`] : []),
        ...(keepAlive ? [] : ['Connection: close']),
      ];
      socket.write(`${headers.join('\r\n')}\r\n\r\n`);
      socket.write(frame(head));
      for (const piece of pieces) {
        if (closed || socket.destroyed) return;
        if (!socket.write(frame(piece))) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
        // A loopback socket takes megabytes without pushing back: yield, or this process's own /health probe waits.
        await (pauseMs > 0 ? sleep(pauseMs) : new Promise(setImmediate));
      }
      if (!closed && !socket.destroyed) socket.write(`${frame(tail).toString('latin1')}0\r\n\r\n`, 'latin1');
    });
  });
}

/** A file as 64 KB pieces. */
function* pieces(file: string) {
  for (let start = 0; start < file.length; start += 64 * 1024) yield file.slice(start, start + 64 * 1024);
}

describe('hostile uploads (spawned engine)', () => {
  const harness = useHarness({
    label: 'hostile_uploads',
    engine: 'process',
    env: { HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS), LOG_LEVEL: 'warn' },
  });
  let apiKey: string;

  beforeAll(async () => {
    apiKey = (await harness.createAccount('Hostile', 1000)).apiKey;
    // Warm up: a valid upload, so the case measured first does not pay for code loaded once.
    const warm = await new EnrichmentClient(harness.url, apiKey).upload('website\nclinicsoft.ai.test\n', { fields: 'full_email' });
    expect(warm.status).toBe(202);
  }, 120_000);

  const expectBounded = (measured: { growth: number; worstHealthMs: number }) => {
    expect(measured.growth).toBeLessThanOrEqual(RSS_GROWTH_BUDGET_MB);
    expect(measured.worstHealthMs).toBeLessThan(HEALTH_BUDGET_MS);
  };

  it('refuses 5.2 million one-character rows (10.4 MB) at the 10,001st, 413', async () => {
    const watcher = watchEngine(harness.process);
    const answer = await rawUpload(harness.url, apiKey, pieces(`website\n${'a\n'.repeat(5_200_000)}`));
    const measured = await watcher.stop('5.2M tiny rows');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 10000 data rows/) });
    expectBounded(measured);
  });

  it('refuses one 9 MB line at its first MB, 413', async () => {
    const watcher = watchEngine(harness.process);
    const answer = await rawUpload(harness.url, apiKey, pieces(`website\n${'x'.repeat(9 * 1024 * 1024)}\n`));
    const measured = await watcher.stop('one 9 MB line');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 1 MB/) });
    expectBounded(measured);
  });

  it('refuses a header of 200,000 columns at the 1,001st, 413', async () => {
    const watcher = watchEngine(harness.process);
    const answer = await rawUpload(harness.url, apiKey, pieces(`${'c,'.repeat(200_000)}c\nacme.test\n`));
    const measured = await watcher.stop('200k-column header');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/at most 1000 columns/) });
    expectBounded(measured);
  });

  it('refuses four 10 MB tiny-row uploads at once, 413 each', async () => {
    const watcher = watchEngine(harness.process);
    const file = `website\n${'a\n'.repeat(5_000_000)}`;
    const answers = await Promise.all([1, 2, 3, 4].map(() => rawUpload(harness.url, apiKey, pieces(file))));
    const measured = await watcher.stop('4 x 10 MB tiny rows at once');
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
    expectBounded(measured);
  });

  it('cuts an upload trickling a line a second at the request timeout: 408 and the connection closed', async () => {
    const watcher = watchEngine(harness.process);
    const lines = (function* () {
      yield 'website\n';
      for (let n = 0; n < 60; n++) yield `site-${n}.test\n`;
    })();
    const answer = await rawUpload(harness.url, apiKey, lines, { pauseMs: 1000 });
    const measured = await watcher.stop('trickle, a line a second');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
    expect(answer.closedAfterMs).toBeLessThan(30_000);
    expectBounded(measured);
  }, 60_000);

  it('answers a trickling upload without a key 401 at once and closes the connection', async () => {
    const lines = (function* () {
      for (let n = 0; n < 60; n++) yield `site-${n}.test\n`;
    })();
    const answer = await rawUpload(harness.url, null, lines, { pauseMs: 1000 });
    expect(answer.status).toBe(401);
    expect(answer.answeredAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    // Closed right after the answer, not when the body's trickle or the request timeout ends.
    expect(answer.closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS - 1000);
  }, 60_000);

  it('still takes a valid upload sent in small pieces', async () => {
    const file = `website,notes\n${Array.from({ length: 300 }, (_, n) => `site-${n}.ai.test,"note ${n}, quoted"`).join('\n')}\n`;
    const answer = await rawUpload(
      harness.url,
      apiKey,
      (function* () {
        for (let start = 0; start < file.length; start += 7) yield file.slice(start, start + 7);
      })(),
      { keepAlive: false },
    );
    expect(answer.status).toBe(202);
    expect(JSON.parse(answer.body)).toMatchObject({ status: expect.any(String) });
  });
});
