import type { ScrapeVerdict } from '@lead-engine/core';

export interface SiteReading {
  verdict: ScrapeVerdict;
  /** The site's readable text; empty unless the verdict is ok. */
  text: string;
}

/** Reads the text of a website by its host name; never throws for anything a website can do. */
export interface SiteReader {
  read(host: string): Promise<SiteReading>;
}

export const SITE_READER = Symbol('SiteReader');
