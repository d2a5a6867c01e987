import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isDataError } from '../../../infrastructure/database/is-data-error';
import { CLOCK, Clock } from '../../../infrastructure/clock/clock';
import { SITE_READER, SiteReader } from '../../scrape/site-reader/site-reader.port';
import { SiteTextsRepository } from '../../scrape/site-texts.repository';
import { SiteTextCacheRepository } from './site-text-cache.repository';
import type { WebsiteText, WebsiteTextReader } from './website-text-reader.port';

const CACHE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Website text through the scrape module: its 30-day site text cache first, else its scraper (https
 * then http, redirects, SSRF guard, robots.txt, politeness), whose readable text is cached for the
 * next reader, scrape jobs included.
 */
@Injectable()
export class ScrapedWebsiteTextReader implements WebsiteTextReader {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SITE_READER) private readonly reader: SiteReader,
    private readonly cache: SiteTextCacheRepository,
    private readonly siteTexts: SiteTextsRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async read(domain: string): Promise<WebsiteText> {
    const since = new Date(this.clock.now().getTime() - CACHE_DAYS * DAY_MS);
    const cached = await this.cache.freshText(domain, since);
    if (cached !== null) return { text: cached, cached: true };
    const reading = await this.reader.read(domain);
    if (reading.verdict.outcome !== 'ok' || reading.text.trim() === '') return { text: null, cached: false };
    try {
      await this.siteTexts.store(this.dataSource.manager, [{ domain, text: reading.text }], this.clock.now());
    } catch (error) {
      // Text PostgreSQL refuses is no text to write copy from either; the row is written blank.
      if (isDataError(error)) return { text: null, cached: false };
      throw error;
    }
    return { text: reading.text, cached: false };
  }
}
