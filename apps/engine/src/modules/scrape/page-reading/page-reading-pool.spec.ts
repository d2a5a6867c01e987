import type { EngineConfig } from '../../../config/engine-config.schema';
import { PageReadingPool } from './page-reading-pool';

const page = (html: string) => ({ body: Buffer.from(html), contentType: 'text/html', cfMitigated: null, maxChars: 10_000_000 });
// 2 MB of stray end tags under 511 open elements: hundreds of milliseconds of a thread's work.
const COSTLY_PAGE = '<span>'.repeat(511) + '</em>'.repeat(400_000);

describe('PageReadingPool (runs the built thread script)', () => {
  let pool: PageReadingPool;

  beforeEach(() => {
    pool = new PageReadingPool({ SCRAPE_READING_THREADS: 1 } as EngineConfig);
  });

  afterEach(async () => {
    await pool.onModuleDestroy();
  });

  it('reads a page in a thread: HTML or not, its text, a bot wall, its budget', async () => {
    const never = new AbortController().signal;
    expect(await pool.read(page('<title>Acme</title><p>We build rockets.</p>'), never)).toEqual({
      html: true,
      title: 'Acme',
      text: 'Acme\nWe build rockets.',
      botWall: false,
      overBudget: null,
    });
    expect(await pool.read(page(`${'<div>'.repeat(600)}Deep`), never)).toMatchObject({
      text: '',
      overBudget: 'nested deeper than 512 elements',
    });
  });

  it('gives up a reading whose signal fires, and still reads the next page', async () => {
    const deadline = new AbortController();
    const costly = pool.read(page(COSTLY_PAGE), deadline.signal);
    setTimeout(() => deadline.abort(), 10);
    await expect(costly).rejects.toThrow(/abort/i);
    expect(await pool.read(page('<p>Next page</p>'), new AbortController().signal)).toMatchObject({ text: 'Next page' });
  });
});
