import { Inject, Injectable } from '@nestjs/common';
import { classifyScrapeOutcome, isHtml, PageReading, ScrapeObservation, siteKey } from '@lead-engine/core';
import type { IncomingHttpHeaders } from 'node:http';
import type { EngineConfig } from '../../../config/engine-config.schema';
import { ENGINE_CONFIG } from '../../../infrastructure/tokens';
import { ALLOW_ALL, DISALLOW_ALL, robotsRule, RobotsRule } from './robots-rules';
import { ConnectFailed, Exchange, SiteHttpClient } from './site-http-client';
import type { SiteReader, SiteReading } from './site-reader.port';
import { SitePoliteness } from './site-politeness';
import { SiteVisit } from './site-visit';
import { TargetGuard } from '../../../infrastructure/outbound/target-guard';
import { PageReadingPool } from '../page-reading/page-reading-pool';

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const ROBOTS_MAX_BYTES = 512 * 1024;

type Followed = { exchange: Exchange; url: URL } | { observation: ScrapeObservation };

const header = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/** Pages worth reading: success, or a 503 that may be a bot wall; HTML, or no type at all. */
function wantsPage(status: number, headers: IncomingHttpHeaders): boolean {
  const type = header(headers, 'content-type');
  return ((status >= 200 && status < 300) || status === 503) && (type === null || isHtml(type, new Uint8Array()));
}

/**
 * The real scraper: https://host/ first and http://host/ when https cannot connect; robots.txt of
 * every origin on the way; at most 5 redirects, each hop checked by the target guard like the first;
 * the final page judged by the rules of libs/core.
 */
@Injectable()
export class HttpSiteReader implements SiteReader {
  constructor(
    @Inject(ENGINE_CONFIG) private readonly config: EngineConfig,
    private readonly guard: TargetGuard,
    private readonly client: SiteHttpClient,
    private readonly politeness: SitePoliteness,
    private readonly pages: PageReadingPool,
  ) {}

  read(host: string): Promise<SiteReading> {
    return this.politeness.visit(siteKey(host), async () => {
      const visit = new SiteVisit(this.config.SCRAPE_TIMEOUT_MS);
      try {
        return await this.readSite(host, visit);
      } catch (error) {
        const detail = visit.signal.aborted ? 'timed out' : ((error as NodeJS.ErrnoException).code ?? (error as Error).message);
        return { verdict: classifyScrapeOutcome({ kind: 'unreachable', detail }), text: '' };
      } finally {
        visit.close();
      }
    });
  }

  private async readSite(host: string, visit: SiteVisit): Promise<SiteReading> {
    const authority = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    let followed: Followed;
    try {
      followed = await this.follow(new URL(`https://${authority}/`), visit, true);
    } catch (error) {
      if (!(error instanceof ConnectFailed)) throw error;
      try {
        followed = await this.follow(new URL(`http://${authority}/`), visit, true);
      } catch (fallbackError) {
        if (!(fallbackError instanceof ConnectFailed)) throw fallbackError;
        followed = { observation: { kind: 'unreachable', detail: fallbackError.message } };
      }
    }
    if ('observation' in followed) return { verdict: classifyScrapeOutcome(followed.observation), text: '' };
    return this.judge(followed.exchange, visit);
  }

  /**
   * Requests `start` and follows its redirects. A ConnectFailed escapes only from the very first
   * request (robots.txt or page) of the start origin, where it means "try http"; later it is unreachable.
   */
  private async follow(start: URL, visit: SiteVisit, page: boolean): Promise<Followed> {
    let url = start;
    for (let redirects = 0; ; redirects++) {
      let check = visit.targets.get(url.hostname);
      if (!check) {
        check = this.guard.check(url);
        visit.targets.set(url.hostname, check);
      }
      const target = await check;
      if (!target.allowed) return { observation: target.observation };
      let exchange: Exchange;
      try {
        if (page && !(await this.robotsAllow(url, visit))) return { observation: { kind: 'robots-disallowed', url: url.href } };
        exchange = await this.client.get(url, visit, {
          addresses: target.addresses,
          maxBytes: page ? this.config.SCRAPE_MAX_BODY_BYTES : ROBOTS_MAX_BYTES,
          wantsBody: page ? wantsPage : (status) => status >= 200 && status < 300,
        });
      } catch (error) {
        if (error instanceof ConnectFailed && redirects > 0) return { observation: { kind: 'unreachable', detail: error.message } };
        throw error;
      }
      const location = REDIRECT_STATUSES.has(exchange.status) ? header(exchange.headers, 'location') : null;
      if (location === null) return { exchange, url };
      if (redirects === MAX_REDIRECTS) return { observation: { kind: 'too-many-redirects' } };
      const next = URL.canParse(location, url.href) ? new URL(location, url) : null;
      if (!next || (next.protocol !== 'https:' && next.protocol !== 'http:')) {
        return { observation: { kind: 'unreachable', detail: `redirect to ${location.slice(0, 200)}` } };
      }
      url = next;
    }
  }

  private robotsAllow(url: URL, visit: SiteVisit): Promise<boolean> {
    if (!this.config.SCRAPE_RESPECT_ROBOTS) return Promise.resolve(true);
    let rule = visit.robots.get(url.origin);
    if (!rule) {
      rule = this.fetchRobots(new URL('/robots.txt', url), visit);
      visit.robots.set(url.origin, rule);
    }
    return rule.then((allows) => allows(url));
  }

  private async fetchRobots(robotsUrl: URL, visit: SiteVisit): Promise<RobotsRule> {
    let followed: Followed;
    try {
      followed = await this.follow(robotsUrl, visit, false);
    } catch (error) {
      if (error instanceof ConnectFailed || visit.signal.aborted) throw error;
      return DISALLOW_ALL;
    }
    // A robots.txt that redirects somewhere refused or too far counts as missing.
    if ('observation' in followed) return ALLOW_ALL;
    return robotsRule(followed.url, followed.exchange.status, followed.exchange.body.toString('utf8'), this.config.SCRAPE_USER_AGENT);
  }

  /** The final page, read in the page reading pool within what is left of the site's deadline. */
  private async judge(exchange: Exchange, visit: SiteVisit): Promise<SiteReading> {
    let page: PageReading;
    try {
      page = await this.pages.read(
        {
          body: exchange.body,
          contentType: header(exchange.headers, 'content-type'),
          cfMitigated: header(exchange.headers, 'cf-mitigated'),
          maxChars: this.config.SCRAPE_MAX_TEXT_CHARS,
        },
        visit.signal,
      );
    } catch (error) {
      const detail = visit.signal.aborted ? `not read within ${this.config.SCRAPE_TIMEOUT_MS / 1000} s` : (error as Error).message;
      return { verdict: classifyScrapeOutcome({ kind: 'page-over-budget', detail }), text: '' };
    }
    const verdict = classifyScrapeOutcome({
      kind: 'response',
      status: exchange.status,
      html: page.html,
      botWall: page.botWall,
      textChars: page.text.length,
      overBudget: page.overBudget,
    });
    return { verdict, text: verdict.outcome === 'ok' ? page.text : '' };
  }
}
