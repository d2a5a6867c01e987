import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import type { PageBody, PageReading } from '@lead-engine/core';
import { Piscina } from 'piscina';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { threadScript } from '../../../infrastructure/threads/thread-script';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';

/** A thread reads one page at a time: a 2 MB page's text and parser state fit in a fraction of this. */
const THREAD_HEAP_MB = 128;
const IDLE_THREAD_MS = 30_000;

/**
 * Pages are read (decoded, parsed, judged) in threads of their own, never on the thread that serves
 * requests: whatever a page costs, it costs a reading thread. A reading that outlasts its signal
 * (the site's deadline) ends its thread, and a thread that runs out of heap fails only its page;
 * the pool starts another. Threads are started at the first page and ended after 30 s idle.
 */
@Injectable()
export class PageReadingPool implements OnModuleDestroy {
  private pool: Piscina<PageBody, PageReading> | null = null;

  constructor(@Inject(ENGINE_CONFIG) private readonly config: EngineConfig) {}

  read(page: PageBody, signal: AbortSignal): Promise<PageReading> {
    this.pool ??= new Piscina<PageBody, PageReading>({
      filename: threadScript('modules/scrape/page-reading/page-reading.thread.js'),
      minThreads: 0,
      maxThreads: this.config.SCRAPE_READING_THREADS,
      idleTimeout: IDLE_THREAD_MS,
      resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
    });
    return this.pool.run(page, { signal });
  }

  async onModuleDestroy(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }
}
